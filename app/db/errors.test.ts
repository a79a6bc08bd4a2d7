import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isTransactionConflict } from './errors.ts';

describe('isDatabaseUnavailable', () => {
  it('recognises connection failures, also as the cause of a query error', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: Object.assign(new Error('terminating connection'), { code: '57P01' }) }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
  });

  it('counts a database refusing connections, too many connections and timeouts as unavailable', () => {
    const failed = (code: string, message: string) => new Error('Failed query', { cause: Object.assign(new Error(message), { code }) });
    expect(isDatabaseUnavailable(failed('55000', 'database "shop" is not currently accepting connections'))).toBe(true);
    expect(isDatabaseUnavailable(failed('53300', 'sorry, too many clients already'))).toBe(true);
    expect(isDatabaseUnavailable(failed('57014', 'canceling statement due to statement timeout'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: new Error('Query read timeout') }))).toBe(true);
  });

  it('tells transaction conflicts (deadlock, serialization failure) from other errors', () => {
    expect(isTransactionConflict(new Error('Failed query', { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) }))).toBe(true);
    expect(isTransactionConflict(Object.assign(new Error('could not serialize access'), { code: '40001' }))).toBe(true);
    expect(isTransactionConflict(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });

  it('leaves query mistakes alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
