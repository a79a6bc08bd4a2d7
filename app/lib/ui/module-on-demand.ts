/**
 * Code loaded when a page first needs it (issue 14: a product page does not load the listing's
 * code), imported once per process or tab. The promise carries the fields React's `use` reads
 * (status, value, reason), so once the module is there `use(load())` returns it without
 * suspending, on the server and in the browser alike.
 */
export function moduleOnDemand<T>(importModule: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (loading) return loading;
    const promise = importModule();
    const tracked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
    tracked.status = 'pending';
    promise.then(
      (value) => Object.assign(tracked, { status: 'fulfilled', value }),
      (reason: unknown) => Object.assign(tracked, { status: 'rejected', reason }),
    );
    loading = promise;
    return promise;
  };
}
