/** Error codes of a database that cannot be reached (node-postgres, libpq, PostgreSQL). */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection exceptions
  '57P01',
  '57P02',
  '57P03', // admin shutdown, crash shutdown, cannot connect now
  '3D000', // database does not exist (dropped underneath us)
  '55000', // database not accepting connections (ALTER DATABASE ... ALLOW_CONNECTIONS false)
  '53300', // too many connections
  '57014', // statement timeout (database too slow or stuck on locks): try again later
]);
const unavailableMessages = [
  /PGlite is closed/i,
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Query read timeout/i, // the client gave up waiting for an answer (a link that drops packets)
];
/** Deadlock detected, serialization failure: the transaction lost a race and may simply run again. */
const conflictCodes = new Set(['40P01', '40001']);

/** The error and its causes (drizzle wraps the driver's error), as far as they are objects. */
function errorChain(error: unknown): { code?: unknown; message?: unknown }[] {
  const chain: { code?: unknown; message?: unknown }[] = [];
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    chain.push(current as { code?: unknown; message?: unknown });
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** True when an error (or one of its causes) says the database is down rather than the query wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of errorChain(error)) {
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/** True when a transaction was aborted by a deadlock or a serialization failure (safe to retry). */
export function isTransactionConflict(error: unknown): boolean {
  return errorChain(error).some(({ code }) => typeof code === 'string' && conflictCodes.has(code));
}

/** PGlite's (Emscripten's) file system throws `{ name: 'ErrnoError', errno }` with WASI numbers: 51 is ENOSPC. */
const wasiNoSpace = 51;

/** True when the database's disk is full (ENOSPC of the file system or of PGlite's, PostgreSQL's 53100). */
export function isDiskFull(error: unknown): boolean {
  return errorChain(error).some(
    (link) =>
      link.code === 'ENOSPC' ||
      link.code === '53100' ||
      (typeof link.message === 'string' && /no space left/i.test(link.message)) ||
      ((link as { name?: unknown }).name === 'ErrnoError' && (link as { errno?: unknown }).errno === wasiNoSpace),
  );
}

/** True for a unique constraint violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return errorChain(error).some(({ code }) => code === '23505');
}

/**
 * True when the database refused a value it cannot store (SQLSTATE class 22, "data exception"):
 * a NUL character in a text, a number beyond a column's range. Only a client that sends what no
 * form field allows gets there; it is a bad request, not a server fault.
 */
export function isRefusedValue(error: unknown): boolean {
  return errorChain(error).some(({ code }) => typeof code === 'string' && code.startsWith('22'));
}
