import { describe, expect, it } from 'vitest';
import type { EcommerceEvent } from './ecommerce-events.ts';
import { analyticsBufferKey, analyticsBufferLimit, bufferEvent, clearBuffer, readBuffer, takeBuffered } from './event-buffer.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

const event = (term: string): EcommerceEvent => ({ name: 'search', params: { search_term: term } });

describe('the analytics buffer in local storage', () => {
  it('keeps events until they are taken, oldest first, in batches, then clears', () => {
    const storage = memoryStorage();
    for (const term of ['a', 'b', 'c']) bufferEvent(storage, event(term), 'buffer');
    expect(takeBuffered(storage, 2).map((e) => e.params.search_term)).toEqual(['a', 'b']);
    expect(readBuffer(storage).map((e) => e.params.search_term)).toEqual(['c']);
    expect(takeBuffered(storage, 2).map((e) => e.params.search_term)).toEqual(['c']);
    expect(storage.items.has(analyticsBufferKey)).toBe(false);
    expect(takeBuffered(storage)).toEqual([]);
  });

  it('keeps nothing when analytics is refused', () => {
    const storage = memoryStorage();
    bufferEvent(storage, event('a'), 'off');
    expect(readBuffer(storage)).toEqual([]);
  });

  it('drops the oldest events past its limit', () => {
    const storage = memoryStorage();
    for (let index = 0; index < analyticsBufferLimit + 5; index += 1) bufferEvent(storage, event(String(index)), 'buffer');
    const kept = readBuffer(storage);
    expect(kept).toHaveLength(analyticsBufferLimit);
    expect(kept[0]!.params.search_term).toBe('5');
  });

  it('survives broken or foreign content in its storage key', () => {
    const storage = memoryStorage();
    storage.setItem(analyticsBufferKey, '{not json');
    expect(readBuffer(storage)).toEqual([]);
    storage.setItem(analyticsBufferKey, '{"a":1}');
    expect(readBuffer(storage)).toEqual([]);
    bufferEvent(storage, event('x'), 'send');
    expect(readBuffer(storage)).toHaveLength(1);
    clearBuffer(storage);
    expect(readBuffer(storage)).toEqual([]);
  });
});
