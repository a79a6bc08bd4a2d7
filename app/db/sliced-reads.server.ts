/**
 * Large reads that leave room for requests. PGlite runs each query on the server's own thread,
 * and a chain of awaited queries yields only to microtasks, so a read of tens of thousands of rows
 * holds every other request until it ends. Reading in slices with a macrotask turn between them
 * (`setImmediate`) lets waiting requests in; on PostgreSQL it costs a few round trips.
 */
import { setImmediate } from 'node:timers/promises';

/** Lets requests that wait for the event loop run before the next query. */
export function yieldToRequests(): Promise<void> {
  return setImmediate();
}

/** How long a computation in memory may hold the event loop before waiting requests get a turn. */
const millisecondsBetweenTurns = 10;

/**
 * For a long computation in memory: call the returned function often (`await turn()`); it lets
 * waiting requests run once `millisecondsBetweenTurns` have passed since the last turn, and
 * otherwise costs a microtask. Better than a turn every N items when an item's cost varies (with
 * the catalogue's size, a store's language).
 */
export function requestTurns(): () => Promise<void> | undefined {
  let lastTurn = performance.now();
  return () => {
    if (performance.now() - lastTurn < millisecondsBetweenTurns) return undefined;
    return yieldToRequests().then(() => {
      lastTurn = performance.now();
    });
  };
}

/** Inclusive id ranges covering `ids` with at most `perSlice` ids each (ids in any order). */
export function idSlices(ids: number[], perSlice: number): [from: number, to: number][] {
  const sorted = ids.toSorted((a, b) => a - b);
  const slices: [number, number][] = [];
  for (let start = 0; start < sorted.length; start += perSlice) {
    slices.push([sorted[start] as number, sorted[Math.min(start + perSlice, sorted.length) - 1] as number]);
  }
  return slices;
}

/** Reads each slice in turn, yielding between them, and returns all rows in slice order. */
export async function readInSlices<Row>(slices: [number, number][], read: (from: number, to: number) => Promise<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [from, to] of slices) {
    await yieldToRequests();
    for (const row of await read(from, to)) rows.push(row);
  }
  return rows;
}
