import type { Database } from './client.server.ts';
import { isTransactionConflict } from './errors.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Two retries: a deadlock needs two transactions, so the loser of one retry rarely meets another. */
const conflictRetries = 2;

/**
 * A transaction that runs again when PostgreSQL aborts it for a deadlock or a serialization
 * failure (40P01, 40001): concurrent requests of one visitor (a double click, two tabs) can meet
 * on the same rows, and the loser would otherwise answer 500. The work must only touch the
 * database, since it may run more than once.
 */
export async function retryingTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= conflictRetries || !isTransactionConflict(error)) throw error;
      // A short random pause, so the two transactions that met do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
    }
  }
}
