// The end of `npm run build`: the build is marked as that of the current sources, so `npm start`
// serves it instead of building again (the container image has no build tools to do so).
import { fileURLToPath } from 'node:url';
import { stampBuild } from '../../server/build-freshness.ts';

stampBuild(fileURLToPath(new URL('../..', import.meta.url)));
