/** The answer of an endpoint to a method it does not take: 405 with the methods it does take. */
export function methodNotAllowed(allowed: string): Response {
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: allowed, 'Content-Type': 'text/plain; charset=utf-8' } });
}
