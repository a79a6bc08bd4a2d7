/**
 * Request targets as they arrive, before anything decodes them. A path with a broken
 * percent-encoding (`/%zz`, `/en-us/%E0%A4%A`) cannot be decoded, so no route can match it; it
 * gets a 400 page instead of an exception deep in a router.
 */

/** True when the path part of a request target does not decode as UTF-8 percent-encoding. */
export function hasMalformedPath(target: string): boolean {
  const path = target.split(/[?#]/, 1)[0] ?? '';
  if (!path.includes('%')) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * Where a malformed target is sent inside the app: a decodable path of the store that matches no
 * page (a literal "%"), so the router renders the 400 page in that store's language. A single-fetch
 * data request keeps its `.data` suffix and so gets a data answer.
 */
export function malformedTargetStandIn(target: string, storePrefix: string): string {
  const path = target.split(/[?#]/, 1)[0] ?? '';
  return `/${storePrefix}/%25${path.endsWith('.data') ? '.data' : ''}`;
}
