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

/** Loops over millions of entries look at the clock (`turn()`) every 16,384 of them: `(i & clockCheckMask) === 0`. */
export const clockCheckMask = 0x3fff;

/**
 * `strings` in code-unit order (as `toSorted()` puts them), sorted natively in runs of 8,192 and
 * merged with turns for waiting requests: at 100× the catalogue one sort of a store's words
 * (400,000) held the event loop 150–160 ms; this way takes about 250 ms in all, in turns.
 */
export async function sortedInTurns(strings: readonly string[]): Promise<string[]> {
  const turn = requestTurns();
  let runs: string[][] = [];
  for (let start = 0; start < strings.length; start += 8_192) {
    runs.push(strings.slice(start, start + 8_192).sort());
    await turn();
  }
  while (runs.length > 1) {
    const merged: string[][] = [];
    for (let i = 0; i + 1 < runs.length; i += 2) merged.push(await mergedInTurns(runs[i] as string[], runs[i + 1] as string[], turn));
    if (runs.length % 2 === 1) merged.push(runs.at(-1) as string[]);
    runs = merged;
  }
  return runs[0] ?? [];
}

async function mergedInTurns(left: string[], right: string[], turn: () => Promise<void> | undefined): Promise<string[]> {
  const merged: string[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    // Equal strings: the left first, as a stable sort keeps them.
    merged.push(j === right.length || (i < left.length && !((right[j] as string) < (left[i] as string))) ? (left[i++] as string) : (right[j++] as string));
    if ((merged.length & clockCheckMask) === 0) await turn();
  }
  return merged;
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
