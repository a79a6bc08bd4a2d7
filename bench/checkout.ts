/**
 * Measures buying on a running shop over plain HTTP, the way a browser without JavaScript does:
 * product page, add to cart, cart, the four checkout steps and placing the order (bank transfer),
 * with 10 shoppers at once. Prints each step's latencies and the orders per second; fails on
 * any unexpected answer and when two orders share a number. Nothing here is cached: every
 * request carries the shopper's cookies.
 *   node bench/checkout.ts                 fresh data directory (first start seeds the demo catalogue)
 *   BENCH_DATA_DIR=./data-bench node bench/checkout.ts   reuses a seeded directory
 */
import { benchShop, percentile } from './support/bench-kit.ts';
import { checkoutSteps, runCheckouts } from './support/checkout-driver.ts';

const shoppers = Number(process.env.BENCH_SHOPPERS ?? 10);

await benchShop('checkout', async (shop, lines) => {
  const { orders, seconds, timings } = await runCheckouts(shop.baseUrl, { shoppers, checkoutsPerShopper: 6 });
  lines.push(`${shoppers} shoppers, ${orders} orders in ${seconds.toFixed(1)} s: ${(orders / seconds).toFixed(1)} orders/s, order numbers unique`);
  for (const step of checkoutSteps) {
    const sorted = (timings.get(step) ?? []).sort((a, b) => a - b);
    lines.push(
      `${step.padEnd(16)} ${String(sorted.length).padStart(4)} req  p50 ${percentile(sorted, 50).toFixed(1)} ms  p95 ${percentile(sorted, 95).toFixed(1)} ms  max ${sorted.at(-1)!.toFixed(1)} ms`,
    );
  }
});
