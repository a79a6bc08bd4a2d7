import { describe, expect, it } from 'vitest';
import { countTurns } from '../../tests/support/event-loop-turns.ts';
import { requestTurns } from './sliced-reads.server.ts';

/** Holds the thread for `ms`, as a slice of a long computation in memory does. */
const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('requestTurns', () => {
  it('lets waiting requests in during a long computation that calls it often', async () => {
    const turns = countTurns();
    const turn = requestTurns();
    for (let item = 0; item < 150; item++) {
      busyFor(1);
      await turn();
    }
    // 150 ms of work: a turn about every 10 ms (more on a slow machine, never none).
    expect(turns()).toBeGreaterThanOrEqual(5);
  });

  it('costs no turn when the computation is short', async () => {
    const turns = countTurns();
    const turn = requestTurns();
    for (let item = 0; item < 1_000; item++) await turn();
    expect(turns()).toBe(0);
  });
});
