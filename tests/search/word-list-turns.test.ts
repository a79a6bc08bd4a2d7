import { describe, expect, it } from 'vitest';
import { postingsOf, wordListBuilder, wordNumber } from '#app/modules/search/product-words.server.ts';

describe('the words of a large catalogue', () => {
  it('are laid out with turns for waiting requests, not in one block of the event loop', async () => {
    // 300,000 products (100× the demo catalogue is 363,000): a second of work in one block before.
    const builder = wordListBuilder();
    for (let product = 0; product < 300_000; product++) builder.add([`sku${product}`, `cord${product % 1000}`, 'paracord']);
    let turns = 0;
    let counting = true;
    const countTurns = () => {
      turns++;
      if (counting) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    const list = await builder.build();
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(2);
    // Laid out as before: words in code-unit order, each word's products ascending.
    expect(list.words.slice(0, 3)).toEqual(['cord0', 'cord1', 'cord10']);
    expect(list.words).toHaveLength(300_000 + 1000 + 1);
    expect([...postingsOf(list, wordNumber(list, 'cord999'))].slice(0, 3)).toEqual([999, 1999, 2999]);
    expect(postingsOf(list, wordNumber(list, 'paracord'))).toHaveLength(300_000);
  });
});
