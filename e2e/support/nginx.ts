import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** Debian's nginx (apt-get install nginx), or NGINX_PATH. */
export const nginxPath = process.env.NGINX_PATH || '/usr/sbin/nginx';

/** Replaces `from` in `text`, failing when it is not there: a changed deploy/nginx.conf must change this test too. */
function substitute(text: string, from: string | RegExp, to: string): string {
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`deploy/nginx.conf no longer has ${String(from)}: update e2e/support/nginx.ts`);
  return changed;
}

/**
 * deploy/nginx.conf as a test runs it: plain HTTP on `port` instead of the TLS server and its
 * redirect, the two upstream web processes on `upstreamPorts`, the cache and temporary files in
 * `dir`, the built assets of this checkout; everything else (proxying, retries, caching) as deployed.
 */
export function nginxTestConfig(dir: string, port: number, upstreamPorts: [number, number]): string {
  let site = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  site = substitute(site, 'server 127.0.0.1:3001 ', `server 127.0.0.1:${upstreamPorts[0]} `);
  site = substitute(site, 'server 127.0.0.1:3002 ', `server 127.0.0.1:${upstreamPorts[1]} `);
  site = substitute(site, 'proxy_cache_path /var/cache/nginx/cordial ', `proxy_cache_path ${join(dir, 'cache')} `);
  site = substitute(site, /server \{\n\s+listen 80;[\s\S]*?\n\}\n/, '');
  site = substitute(site, /listen 443 ssl http2;\n\s+listen \[::\]:443 ssl http2;/, `listen 127.0.0.1:${port};`);
  site = substitute(site, /\s+ssl_certificate\s.*\n\s+ssl_certificate_key\s.*/, '');
  site = substitute(site, 'root /srv/cordial/build/client;', `root ${join(root, 'build/client')};`);
  const temp = (name: string) => join(dir, 'temp', name);
  return `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  ${existsSync('/etc/nginx/mime.types') ? 'include /etc/nginx/mime.types;' : ''}
  default_type application/octet-stream;
  access_log ${join(dir, 'access.log')};
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${site}
}
`;
}

export interface RunningNginx {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts nginx with the test variant of deploy/nginx.conf and waits until it answers. */
export async function startNginx(port: number, upstreamPorts: [number, number]): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'cordial-nginx-'));
  // nginx's workers run as nobody when it was started as root: they write the cache and temp files.
  for (const sub of ['cache', 'temp']) mkdirSync(join(dir, sub));
  for (const path of [dir, join(dir, 'cache'), join(dir, 'temp')]) chmodSync(path, 0o777);
  writeFileSync(join(dir, 'nginx.conf'), nginxTestConfig(dir, port, upstreamPorts));
  let output = '';
  const child: ChildProcess = spawn(nginxPath, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((done) => child.once('exit', done));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 10_000; ;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}: ${output}${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${baseUrl} within 10 s: ${output}`);
    if (
      await fetch(`${baseUrl}/healthz`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    baseUrl,
    async stop() {
      // QUIT: nginx finishes the requests it has, then stops.
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      // What went wrong between nginx and the shop (a 502) is said only here.
      const problems = readFileSync(join(dir, 'error.log'), 'utf8')
        .split('\n')
        .filter((line) => /\[(error|crit|alert|emerg)\]/.test(line));
      if (problems.length > 0) console.warn(`nginx's error log:\n${problems.join('\n')}`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
