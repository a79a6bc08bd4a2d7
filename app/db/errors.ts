/** Error codes of a database that cannot be reached (node-postgres, libpq, PostgreSQL). */
const unavailableCodes = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE',
  '08000', '08001', '08003', '08004', '08006', // connection exceptions
  '57P01', '57P02', '57P03', // admin shutdown, crash shutdown, cannot connect now
  '3D000', // database does not exist (dropped underneath us)
]);
const unavailableMessages = [/PGlite is closed/i, /Connection terminated/i, /timeout exceeded when trying to connect/i, /Client has encountered a connection error/i];

/** True when an error (or one of its causes) says the database is down rather than the query wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}

/** True for a unique constraint violation (23505), also when drizzle wraps the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === '23505') return true;
    current = cause;
  }
  return false;
}
