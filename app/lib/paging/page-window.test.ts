import { describe, expect, it } from 'vitest';
import { pageWindow, requestedPage } from './page-window.ts';

describe('pageWindow', () => {
  it('says which items a page shows', () => {
    expect(pageWindow(2, 20, 45)).toEqual({ page: 2, pageCount: 3, from: 21, to: 40, total: 45, offset: 20 });
    expect(pageWindow(3, 20, 45)).toMatchObject({ from: 41, to: 45 });
  });

  it('keeps the page within the list, also for an empty one', () => {
    expect(pageWindow(9, 20, 45)).toMatchObject({ page: 3, offset: 40 });
    expect(pageWindow(0, 20, 45)).toMatchObject({ page: 1, offset: 0 });
    expect(pageWindow(1, 20, 0)).toEqual({ page: 1, pageCount: 1, from: 0, to: 0, total: 0, offset: 0 });
  });

  it('reads ?page= and treats anything odd as page 1', () => {
    const page = (query: string) => requestedPage(new URL(`https://cordial.example/orders${query}`));
    expect(page('?page=4')).toBe(4);
    expect([page(''), page('?page=-2'), page('?page=2.5'), page('?page=x'), page('?page=1e400')]).toEqual([1, 1, 1, 1, 1]);
  });
});
