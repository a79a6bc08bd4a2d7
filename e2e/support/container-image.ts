/**
 * Issue 18: deploy/Dockerfile built with Debian's Podman. Docker Hub is out of reach here, so the
 * base image is a local Debian bookworm with the project's Node 24 (node-base-image.sh, kept between
 * runs) passed as BASE_IMAGE; the rest is the real Dockerfile.
 *
 * Building takes about a minute and a half alone (much of it waiting on the network), while the
 * browser tests use about one of the two cores: on CI the e2e global setup starts the build once
 * the shop is up, and e2e/container-image, which runs last, waits for it (elsewhere the test builds
 * when it begins, so a run of other files does not pay for it).
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

export const containerImage = 'localhost/cordial:e2e';

const has = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** The tools the image needs that this machine lacks. */
export const missingContainerTools = () => ['podman', 'runc', 'debootstrap'].filter((command) => !has(command));

/**
 * Podman as this machine allows: runc, because crun refuses the host's mixed cgroup v1/v2 layout;
 * limits on open files and processes no higher than this process's own, because the VM may not
 * raise them (no CAP_SYS_RESOURCE) and Podman's defaults are higher. Podman's monitor (conmon) runs
 * with at most the kernel's pid_max processes, so the container gets no more.
 */
const hardLimit = (name: string) => {
  const limit = new RegExp(`^Max ${name}\\s+\\S+\\s+(\\S+)`, 'm').exec(readFileSync('/proc/self/limits', 'utf8'))![1];
  return limit === 'unlimited' ? Infinity : Number(limit);
};
export const containerLimits = () => {
  const openFiles = Math.min(hardLimit('open files'), 1_048_576);
  const processes = Math.min(hardLimit('processes'), Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8')));
  return ['--ulimit', `nofile=${openFiles}:${openFiles}`, '--ulimit', `nproc=${processes}:${processes}`];
};

export const podman = async (args: string[], timeout = 60_000) => {
  try {
    return (await run('podman', ['--runtime', 'runc', ...args], { cwd: root, timeout, maxBuffer: 64 * 1024 * 1024 })).stdout.trim();
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`podman ${args.join(' ')} failed:\n${`${stdout}\n${stderr}`.slice(-6_000)}`, { cause: error });
  }
};

/** Builds deploy/Dockerfile as `containerImage` on the local base image. */
export async function buildContainerImage() {
  const base = (await run(join(root, 'e2e/support/node-base-image.sh'), { timeout: 600_000 })).stdout.trim().split('\n').at(-1)!;
  const previous = await podman(['image', 'inspect', '--format', '{{.Id}}', containerImage]).catch(() => undefined);
  // The docker format keeps the HEALTHCHECK (the OCI format has no place for it).
  await podman(
    ['build', '--format', 'docker', ...containerLimits(), '--file', 'deploy/Dockerfile', '--build-arg', `BASE_IMAGE=${base}`, '--tag', containerImage, '.'],
    900_000,
  );
  // Builds leave untagged images: the previous one of the tag goes now, those over a day old too
  // (the younger ones are the next build's layer cache: npm ci is redone at most once a day).
  if (previous && previous !== (await podman(['image', 'inspect', '--format', '{{.Id}}', containerImage]))) await podman(['rmi', previous]).catch(() => {});
  await podman(['image', 'prune', '--force', '--filter', 'until=24h']).catch(() => {});
}

/**
 * Global setup: builds the image in the background and writes how it went to `outcomeFile`; the
 * returned promise (for the teardown) never rejects.
 */
export function buildContainerImageInBackground(outcomeFile: string): Promise<void> {
  // Written whole, then renamed: the waiting test never reads half of it.
  const tell = (outcome: { built: boolean; error?: string }) => {
    writeFileSync(`${outcomeFile}.part`, JSON.stringify(outcome));
    renameSync(`${outcomeFile}.part`, outcomeFile);
  };
  return buildContainerImage().then(
    () => tell({ built: true }),
    (error: Error) => tell({ built: false, error: error.message }),
  );
}

/** The image built: by the global setup (its `outcomeFile`, waited for) or now. */
export async function containerImageBuilt(outcomeFile: string) {
  if (!outcomeFile) return buildContainerImage();
  const deadline = Date.now() + 1_200_000;
  while (!existsSync(outcomeFile)) {
    if (Date.now() > deadline) throw new Error('the container image built in the background was not ready within 20 minutes');
    await new Promise((done) => setTimeout(done, 1_000));
  }
  const outcome = JSON.parse(readFileSync(outcomeFile, 'utf8')) as { built: boolean; error?: string };
  if (!outcome.built) throw new Error(`building the container image failed:\n${outcome.error}`);
}
