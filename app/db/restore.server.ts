import { rmSync } from 'node:fs';
import { count } from 'drizzle-orm';
import { openDatabase } from './client.server.ts';
import { orders, products } from './schema.ts';

/**
 * Loads a backup (backup.server.ts) into a new embedded database in `pgliteDir`, which must not
 * exist, and checks that it opens and answers; a backup that does not leaves nothing behind.
 */
export async function restoreBackup(backup: Blob, pgliteDir: string): Promise<{ products: number; orders: number }> {
  try {
    const database = await openDatabase({ driver: 'pglite', dataDir: pgliteDir, loadDataDir: backup });
    try {
      const [productCount] = await database.db.select({ count: count() }).from(products);
      const [orderCount] = await database.db.select({ count: count() }).from(orders);
      return { products: productCount?.count ?? 0, orders: orderCount?.count ?? 0 };
    } finally {
      await database.close();
    }
  } catch (error) {
    rmSync(pgliteDir, { recursive: true, force: true });
    throw new Error(`the backup could not be loaded: ${(error as Error).message}`, { cause: error });
  }
}
