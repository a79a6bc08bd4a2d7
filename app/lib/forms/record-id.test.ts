import { describe, expect, it } from 'vitest';
import { recordId } from './record-id.ts';

describe('recordId', () => {
  it('takes ids that fit an integer column', () => {
    expect([recordId('1'), recordId('42'), recordId('2147483647')]).toEqual([1, 42, 2_147_483_647]);
  });

  it('turns away everything else', () => {
    const odd = ['', '0', '-1', '1.5', '1e3', ' 7', '0x10', '2147483648', '99999999999', 'abc'];
    expect(odd.map(recordId)).toEqual(odd.map(() => null));
    expect([recordId(null), recordId(undefined), recordId(new File([], 'x'))]).toEqual([null, null, null]);
  });
});
