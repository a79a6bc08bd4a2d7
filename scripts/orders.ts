/**
 * Order status changes from the command line, until the admin area takes them over:
 *   npm run orders -- status NL100003 paid      (a bank transfer arrived: the invoice is created)
 *   npm run orders -- status NL100003 shipped
 * Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the shop first: only one process
 * can open an embedded database).
 */
import { join, resolve } from 'node:path';
import { openDatabase } from '../app/db/client.server.ts';
import { orderStatuses } from '../app/db/schema.ts';
import { changeOrderStatus } from '../app/modules/orders/order-status.server.ts';

const [command, orderNumber, status] = process.argv.slice(2);
const known = orderStatuses.find((candidate) => candidate === status);
if (command !== 'status' || !orderNumber || !known) {
  console.error(`usage: npm run orders -- status ORDER_NUMBER (${orderStatuses.join('|')})`);
  process.exit(2);
}
const database = await openDatabase(
  process.env.DATABASE_URL ? { driver: 'postgres', url: process.env.DATABASE_URL } : { driver: 'pglite', dataDir: join(resolve(process.env.DATA_DIR ?? './data'), 'pglite') },
);
try {
  const result = await changeOrderStatus(database.db, orderNumber, known);
  if (result.ok) console.log(`Order ${orderNumber} is now ${known}${result.invoiceNumber ? `; invoice ${result.invoiceNumber}` : ''}.`);
  else console.error(result.reason === 'not-found' ? `No order ${orderNumber}.` : `Order ${orderNumber} cannot become ${known} from its current status.`);
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await database.close();
}
