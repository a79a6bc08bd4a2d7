/**
 * The id of the running build (spec §7's build manifest): the same string in the server and the
 * browser bundles of one `react-router build` (vite.config.ts defines it), so an open tab notices
 * a newer build by asking /api/build.
 */
declare const __CORDIAL_BUILD_ID__: string | undefined;

export const currentBuildId: string = typeof __CORDIAL_BUILD_ID__ === 'string' ? __CORDIAL_BUILD_ID__ : 'development';

export const buildIdPath = '/api/build';
