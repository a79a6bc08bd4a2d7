import type { Config } from '@react-router/dev/config';

/**
 * The empty-page baseline of bench/personal.ts: the shop's framework settings (SSR), built into
 * the directory the bench gives it (BASELINE_BUILD_DIR), else bench/baseline/build.
 */
export default {
  ssr: true,
  buildDirectory: process.env.BASELINE_BUILD_DIR ?? 'build',
} satisfies Config;
