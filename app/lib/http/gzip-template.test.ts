import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateParts, gzipTemplate } from './gzip-template.ts';

const filled = (parts: string[], slots: string[]) => parts.flatMap((part, index) => (index < slots.length ? [part, slots[index]] : [part])).join('');

describe('gzipTemplate', () => {
  it('is the gzip of the parts with the slots filled in, for any slot values', () => {
    const parts = ['<html><script nonce="', '"></script><meta content="', '">', '<p>Paracord 550 – schwarz</p>'.repeat(2_000)].map((text) => Buffer.from(text));
    const deflated = deflateParts(parts, 6);
    for (const slots of [
      ['n1', 't1', 'x'],
      ['a much longer nonce value', '', 'ünïcode'],
    ]) {
      const body = gzipTemplate(
        parts,
        deflated,
        slots.map((slot) => Buffer.from(slot)),
      );
      expect(gunzipSync(body).toString()).toBe(filled(parts.map(String), slots));
    }
    // Compressed once, far smaller than the page.
    expect(deflated.reduce((sum, part) => sum + part.length, 0)).toBeLessThan(parts[3]!.length / 10);
  });

  it('handles empty parts, a single part and slots longer than one stored block', () => {
    const big = 'x'.repeat(70_000) + 'y'.repeat(70_000);
    for (const [parts, slots] of [
      [[''], []],
      [['only'], []],
      [
        ['', '', ''],
        ['', big],
      ],
      [['a', 'b'], [big]],
    ] as [string[], string[]][]) {
      const raw = parts.map((part) => Buffer.from(part));
      const body = gzipTemplate(
        raw,
        deflateParts(raw, 1),
        slots.map((slot) => Buffer.from(slot)),
      );
      expect(gunzipSync(body).toString()).toBe(filled(parts, slots));
    }
  });
});
