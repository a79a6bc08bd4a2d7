/**
 * The lazily loaded error reporter (issue 17, spec §7): an error of the shop's scripts goes to
 * POST /api/client-errors once per page (the same error again is not sent), at most five per page.
 */
const reported = new Set<string>();
const perPage = 5;

export function reportClientError(error: { message: string; source?: string; line?: number }): void {
  const key = `${error.message}|${error.source ?? ''}|${error.line ?? ''}`;
  if (reported.has(key) || reported.size >= perPage) return;
  reported.add(key);
  const storefront = location.pathname.split('/')[1] || 'en-us';
  const source = error.source ? error.source.split('?')[0]!.slice(0, 300) : undefined;
  const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
  fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
    body: JSON.stringify({
      storefront: /^[a-z]{2}(-[a-z]{2})?$/.test(storefront) ? storefront : 'en-us',
      message: error.message.slice(0, 500),
      source,
      line: error.line,
    }),
    keepalive: true,
  }).catch((failure: unknown) => console.warn('the error report could not be sent', failure));
}
