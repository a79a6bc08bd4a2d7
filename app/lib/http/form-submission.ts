/**
 * Forms that work with and without JavaScript (issue 19 item 9). With JavaScript a form is posted
 * by a fetcher as a single-fetch data request (its path ends in `.data`) and the answer is shown in
 * place. Without JavaScript the browser posts the page itself: a success then answers with
 * post/redirect/get, a 303 to the page with a marker in the query that the page turns into its
 * message, so a refresh shows the page again instead of posting the form a second time.
 */

/** True for a form the browser posted itself (no JavaScript), false for a fetcher's data request. */
export function isDocumentSubmission(request: Request): boolean {
  return !new URL(request.url).pathname.endsWith('.data');
}

/** The query parameter that carries the outcome of a form posted without JavaScript. */
export const outcomeParam = 'done';

/** The page the form was posted from, with the outcome marker set (and any earlier one replaced). */
export function outcomeLocation(request: Request, outcome: string): string {
  const url = new URL(request.url);
  url.searchParams.delete('index');
  url.searchParams.set(outcomeParam, outcome);
  return `${url.pathname}?${url.searchParams}`;
}
