import { describe, expect, it } from 'vitest';
import { countTurns } from '../../tests/support/event-loop-turns.ts';
import { requestTurns, sortedInTurns } from './sliced-reads.server.ts';

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

describe('sortedInTurns', () => {
  /** Words like a store's: repeats, accents, letters outside the basic plane (sorted by code unit, as `toSorted()` does). */
  const someWords = (count: number) => {
    const parts = ['cord', 'Crème', 'schwarz', 'ß', '𝔸', 'z', 'é', '', '10', '9'];
    return Array.from({ length: count }, (_, i) => `${parts[(i * 7919) % parts.length]}${(i * 104_729) % 3_001}${parts[i % parts.length]}`);
  };

  it('puts strings in the order toSorted() puts them', async () => {
    for (const count of [0, 1, 2, 8_191, 8_192, 8_193, 40_000]) {
      const words = someWords(count);
      expect(await sortedInTurns(words), `${count} strings`).toEqual(words.toSorted());
    }
  });

  it('lets waiting requests in while it sorts the words of a large catalogue', async () => {
    // 300,000 strings (a store's words at 100× the catalogue): one native sort held the event loop throughout.
    const words = someWords(300_000);
    const turns = countTurns();
    await sortedInTurns(words);
    expect(turns()).toBeGreaterThanOrEqual(2);
  });
});
