import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (failed first, then the longest) with e2e/container-image last: on CI its image
 * builds in the background while the browser tests run (e2e/support/container-image.ts).
 */
class ContainerImageLast extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const last = (file: TestSpecification) => file.moduleId.endsWith('/container-image.e2e.test.ts');
    return [...sorted.filter((file) => !last(file)), ...sorted.filter(last)];
  }
}

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    setupFiles: ['e2e/support/report-failures.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // On CI a failed browser test runs once more (its first failure is still printed with the
    // failure report): one rare browser hiccup should not throw away a whole run.
    retry: process.env.CI ? 1 : 0,
    // One shop server, one browser at a time: the tests share the server's database.
    fileParallelism: false,
    sequence: { sequencer: ContainerImageLast },
  },
});
