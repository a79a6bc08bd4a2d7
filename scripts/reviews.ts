/**
 * Review moderation from the command line, until the admin area takes it over:
 *   npm run reviews                 lists the reviews waiting for a decision
 *   npm run reviews -- approve 12   publishes review 12 on its product page
 *   npm run reviews -- reject 12
 * Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the shop first: only one process
 * can open an embedded database).
 */
import { join, resolve } from 'node:path';
import { openDatabase } from '#app/db/client.server.ts';
import { listPendingReviews, moderateReview } from '#app/modules/engagement/review-moderation.server.ts';

const [command = 'list', id] = process.argv.slice(2);
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { driver: 'postgres', url: process.env.DATABASE_URL }
    : { driver: 'pglite', dataDir: join(resolve(process.env.DATA_DIR ?? './data'), 'pglite') },
);
try {
  if (command === 'list') {
    const pending = await listPendingReviews(database.db);
    if (pending.length === 0) console.log('No reviews are waiting.');
    for (const review of pending) {
      console.log(
        `#${review.id}  ${review.sku}  ${'★'.repeat(review.rating)}  ${review.authorName} (${review.locale}, ${review.createdAt.toISOString().slice(0, 10)})\n    ${review.title}\n    ${review.body}\n`,
      );
    }
  } else if ((command === 'approve' || command === 'reject') && /^\d+$/.test(id ?? '')) {
    const done = await moderateReview(database.db, Number(id), command === 'approve' ? 'approved' : 'rejected');
    console.log(done ? `Review ${id} ${command === 'approve' ? 'approved' : 'rejected'}.` : `No pending review ${id}.`);
    process.exitCode = done ? 0 : 1;
  } else {
    console.error('usage: npm run reviews [-- approve ID | reject ID]');
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
