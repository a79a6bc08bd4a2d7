import { currentBuildId } from '#app/modules/pwa/build-id.ts';

/** The running build's id: open tabs compare it with their own to notice a new version (spec §4, §7). */
export function loader() {
  return Response.json({ buildId: currentBuildId }, { headers: { 'Cache-Control': 'no-store' } });
}
