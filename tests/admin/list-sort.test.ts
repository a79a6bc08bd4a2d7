import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactMessages, coupons, giftCards, mailOutbox, productReviews, staffUsers, stockAlertSubscriptions } from '#app/db/schema.ts';
import { listSortSpec, parseListSort, sortedSearch } from '#app/lib/paging/list-sort.ts';
import * as auditPage from '#app/routes/admin/audit.tsx';
import * as inboxPage from '#app/routes/admin/contact/contact-inbox.tsx';
import * as couponsPage from '#app/routes/admin/coupons.tsx';
import * as customersPage from '#app/routes/admin/customers.tsx';
import * as giftCardsPage from '#app/routes/admin/gift-cards.tsx';
import * as outboxPage from '#app/routes/admin/mail-outbox.tsx';
import * as reviewsPage from '#app/routes/admin/reviews.tsx';
import * as staffPage from '#app/routes/admin/staff.tsx';
import * as stockAlertsPage from '#app/routes/admin/stock-alerts.tsx';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer } from '../support/factories.ts';
import { callRoute, createProductWithReview, createStaff, loggedIn } from './admin-support.ts';

describe('the sort of an admin list from its URL', () => {
  const spec = listSortSpec(['code', 'used', 'state'], { key: 'state', direction: 'desc' });
  const parse = (query: string) => parseListSort(spec, new URLSearchParams(query));

  it('takes only whitelisted columns; anything else is the usual order', () => {
    expect(parse('sort=used&direction=desc')).toEqual({ key: 'used', direction: 'desc' });
    expect(parse('')).toEqual({ key: 'state', direction: 'desc' });
    expect(parse('sort=password_hash&direction=asc')).toEqual({ key: 'state', direction: 'desc' });
    expect(parse('sort=code;drop table coupons')).toEqual({ key: 'state', direction: 'desc' });
    expect(parse('sort=code&direction=sideways')).toEqual({ key: 'code', direction: 'asc' });
    expect(parse('sort=state')).toEqual({ key: 'state', direction: 'desc' });
  });

  it('links a heading to the list sorted by it, keeping the filters and starting at page 1', () => {
    const params = new URLSearchParams('q=rope&view=open&page=3&sort=code&direction=asc');
    expect(sortedSearch(params, { key: 'code', direction: 'asc' }, 'code')).toBe('q=rope&view=open&sort=code&direction=desc');
    expect(sortedSearch(params, { key: 'code', direction: 'desc' }, 'code')).toBe('q=rope&view=open&sort=code&direction=asc');
    expect(sortedSearch(params, { key: 'code', direction: 'asc' }, 'used', 'desc')).toBe('q=rope&view=open&sort=used&direction=desc');
    expect(sortedSearch(new URLSearchParams(), { key: 'state', direction: 'desc' }, 'code')).toBe('sort=code&direction=asc');
  });
});

describe.each(testDrivers)('admin lists sort and page on the server on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.destroy());

  /** The ids of `ours` in the order a list page shows them. */
  const orderOf = (rows: { id: number }[], ours: number[]) => rows.map((row) => row.id).filter((id) => ours.includes(id));
  type ListData = { rows: { id: number }[]; sort: { key: string; direction: string } };

  it('sorts customers by each whitelisted column, both ways, and ignores an unknown sort', async () => {
    const { db } = database;
    const support = await loggedIn(db, await createStaff(db, 'support'));
    const marker = `sortme${driver}`;
    const zed = await createCustomer(db, { firstName: 'Zoe', lastName: 'Aalders', email: `b-${marker}@example.com` });
    const abe = await createCustomer(db, { firstName: 'Abe', lastName: 'Zwart', email: `a-${marker}@example.com` });
    const list = async (query: string) =>
      (await callRoute(customersPage.loader, { db, staff: support, path: `customers?q=${marker}&${query}` })).data as ListData;
    expect(orderOf((await list('sort=name&direction=asc')).rows, [zed.id, abe.id])).toEqual([zed.id, abe.id]);
    expect(orderOf((await list('sort=name&direction=desc')).rows, [zed.id, abe.id])).toEqual([abe.id, zed.id]);
    expect(orderOf((await list('sort=email&direction=asc')).rows, [zed.id, abe.id])).toEqual([abe.id, zed.id]);
    // newest first by default and for anything not on the whitelist
    for (const query of ['', 'sort=password_hash&direction=asc', 'sort=since%20desc;--&direction=up']) {
      const fallback = await list(query);
      expect(fallback.sort).toEqual({ key: 'since', direction: 'desc' });
      expect(orderOf(fallback.rows, [zed.id, abe.id])).toEqual([abe.id, zed.id]);
    }
  });

  it('sorts and pages coupons: 27 coupons make two pages, the sort holds across them', async () => {
    const { db } = database;
    const manager = await loggedIn(db, await createStaff(db, 'manager'));
    const created = await db
      .insert(coupons)
      .values(
        Array.from({ length: 27 }, (_, index) => ({
          code: `PAGE${String(index).padStart(2, '0')}`,
          kind: 'fixed' as const,
          value: 100 + index,
          timesUsed: index % 5,
          isActive: index !== 3,
        })),
      )
      .returning({ id: coupons.id, code: coupons.code });
    type CouponData = {
      coupons: { id: number; code: string; isActive: boolean; timesUsed: number }[];
      window: { total: number; page: number; pageCount: number };
      sort: unknown;
    };
    const list = async (query: string) => (await callRoute(couponsPage.loader, { db, staff: manager, path: `coupons?${query}` })).data as CouponData;
    const first = await list('sort=code&direction=asc');
    expect(first.window).toMatchObject({ total: 27, page: 1, pageCount: 2 });
    expect(first.coupons).toHaveLength(25);
    const second = await list('sort=code&direction=asc&page=2');
    expect(second.coupons.map((coupon) => coupon.code)).toEqual(['PAGE25', 'PAGE26']);
    const descending = await list('sort=code&direction=desc');
    expect(descending.coupons[0]!.code).toBe('PAGE26');
    const byUse = await list('sort=used&direction=desc');
    expect(byUse.coupons.slice(0, 5).every((coupon) => coupon.timesUsed === 4)).toBe(true);
    // the usual order: active ones first, then by code; the disabled one is last
    const usual = await list('sort=nonsense');
    expect(usual.sort).toEqual({ key: 'state', direction: 'desc' });
    expect(usual.coupons[0]!.code).toBe('PAGE00');
    expect((await list('page=2')).coupons.at(-1)!.code).toBe('PAGE03');
    expect(created).toHaveLength(27);
  });

  it('sorts and pages gift cards', async () => {
    const { db } = database;
    const manager = await loggedIn(db, await createStaff(db, 'manager'));
    const cards = await db
      .insert(giftCards)
      .values(
        Array.from({ length: 26 }, (_, index) => ({
          code: `GC-SORT-${String(index).padStart(2, '0')}`,
          initialCents: 5000,
          balanceCents: index * 100,
          createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
        })),
      )
      .returning({ id: giftCards.id });
    type CardData = { cards: { id: number; code: string; balanceCents: number }[]; window: { total: number; pageCount: number }; sort: unknown };
    const list = async (query: string) => (await callRoute(giftCardsPage.loader, { db, staff: manager, path: `gift-cards?${query}` })).data as CardData;
    const usual = await list('');
    expect(usual.window).toMatchObject({ total: 26, pageCount: 2 });
    expect(usual.cards).toHaveLength(25);
    expect(usual.cards[0]!.code).toBe('GC-SORT-25');
    expect((await list('page=2')).cards.map((card) => card.code)).toEqual(['GC-SORT-00']);
    expect((await list('sort=balance&direction=asc')).cards[0]!.balanceCents).toBe(0);
    expect((await list('sort=balance&direction=desc')).cards[0]!.balanceCents).toBe(2500);
    expect((await list('sort=code&direction=asc&page=2')).cards.map((card) => card.id)).toEqual([cards[25]!.id]);
    expect((await list('sort=1;select&direction=desc')).sort).toEqual({ key: 'issued', direction: 'desc' });
  });

  it('sorts the contact inbox by subject and state within a search', async () => {
    const { db } = database;
    const support = await loggedIn(db, await createStaff(db, 'support'));
    const marker = `inboxsort${driver}`;
    const rows = await db
      .insert(contactMessages)
      .values([
        { kind: 'contact', locale: 'en', name: 'Ben', email: 'ben@example.com', subject: `B ${marker}`, message: 'Hello there', handledAt: new Date() },
        { kind: 'quote', locale: 'en', name: 'Ada', email: 'ada@example.com', subject: `C ${marker}`, message: 'Hello there' },
        { kind: 'contact', locale: 'en', name: 'Cy', email: 'cy@example.com', subject: `A ${marker}`, message: 'Hello there' },
      ])
      .returning({ id: contactMessages.id });
    const [b, c, a] = rows.map((row) => row.id) as [number, number, number];
    const list = async (query: string) =>
      ((await callRoute(inboxPage.loader, { db, staff: support, path: `contact?view=all&q=${marker}&${query}` })).data as ListData).rows.map((row) => row.id);
    expect(await list('sort=subject&direction=asc')).toEqual([a, b, c]);
    expect(await list('sort=subject&direction=desc')).toEqual([c, b, a]);
    expect(await list('sort=from&direction=asc')).toEqual([c, b, a]);
    expect((await list('sort=state&direction=asc')).at(-1)).toBe(b);
    expect((await list('sort=state&direction=desc'))[0]).toBe(b);
  });

  it('sorts the staff list and the review queue', async () => {
    const { db } = database;
    const owner = await loggedIn(db, await createStaff(db, 'owner'));
    const ids = (await db.select({ id: staffUsers.id }).from(staffUsers)).map((row) => row.id);
    type StaffData = { staff: { id: number; email: string }[]; sort: unknown };
    const staffList = async (query: string) =>
      ((await callRoute(staffPage.loader, { db, staff: owner, path: `staff?${query}` })).data as StaffData).staff.map((row) => row.email);
    const byEmail = await staffList('sort=email&direction=asc');
    expect(byEmail).toEqual([...byEmail].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    expect(byEmail).toHaveLength(ids.length);
    expect(await staffList('sort=email&direction=desc')).toEqual([...byEmail].reverse());

    const low = await createProductWithReview(db);
    const high = await createProductWithReview(db);
    await db
      .update(productReviews)
      .set({ rating: 1 })
      .where(inArray(productReviews.id, [low.reviewId]));
    await db
      .update(productReviews)
      .set({ rating: 5 })
      .where(inArray(productReviews.id, [high.reviewId]));
    const reviews = async (query: string) => {
      const result = (await callRoute(reviewsPage.loader, { db, staff: owner, path: `reviews?status=pending&${query}` })).data as ListData;
      return { sort: result.sort, ids: orderOf(result.rows, [low.reviewId, high.reviewId]) };
    };
    expect(await reviews('sort=rating&direction=desc')).toEqual({ sort: { key: 'rating', direction: 'desc' }, ids: [high.reviewId, low.reviewId] });
    expect((await reviews('sort=rating&direction=asc')).ids).toEqual([low.reviewId, high.reviewId]);
    // waiting reviews: oldest first unless asked
    expect(await reviews('sort=stars')).toEqual({ sort: { key: 'createdAt', direction: 'asc' }, ids: [low.reviewId, high.reviewId] });
  });

  it('sorts the audit log, the mail outbox and the back-in-stock list, which pages by variant', async () => {
    const { db } = database;
    const owner = await loggedIn(db, await createStaff(db, 'owner'));
    const entity = `sorttest${driver}`;
    const audit = await db
      .insert(auditLog)
      .values([
        { action: `${entity}.b`, entity, entityId: '1' },
        { action: `${entity}.a`, entity, entityId: '2' },
      ])
      .returning({ id: auditLog.id });
    const auditList = async (query: string) =>
      ((await callRoute(auditPage.loader, { db, staff: owner, path: `audit?entity=${entity}&${query}` })).data as ListData).rows.map((row) => row.id);
    expect(await auditList('')).toEqual([audit[1]!.id, audit[0]!.id]);
    expect(await auditList('sort=action&direction=asc')).toEqual([audit[1]!.id, audit[0]!.id]);
    expect(await auditList('sort=action&direction=desc')).toEqual([audit[0]!.id, audit[1]!.id]);
    expect(await auditList('sort=when&direction=asc')).toEqual([audit[0]!.id, audit[1]!.id]);

    const mails = await db
      .insert(mailOutbox)
      .values(
        [1, 3, 2].map((attempts) => ({
          toAddress: `m${attempts}@example.com`,
          subject: `Sort ${attempts}`,
          html: '<p>x</p>',
          text: 'x',
          attempts,
          lastError: 'refused',
        })),
      )
      .returning({ id: mailOutbox.id });
    const outbox = async (query: string) =>
      orderOf(
        ((await callRoute(outboxPage.loader, { db, staff: owner, path: `mail?view=failed&${query}` })).data as ListData).rows,
        mails.map((mail) => mail.id),
      );
    expect(await outbox('sort=attempts&direction=desc')).toEqual([mails[1]!.id, mails[2]!.id, mails[0]!.id]);
    expect(await outbox('sort=to&direction=asc')).toEqual([mails[0]!.id, mails[2]!.id, mails[1]!.id]);
    expect(await outbox('sort=drop')).toEqual([mails[2]!.id, mails[1]!.id, mails[0]!.id]);

    const one = await createProductWithReview(db, 0);
    const two = await createProductWithReview(db, 3);
    await db.insert(stockAlertSubscriptions).values([
      { email: 'a@example.com', productId: one.productId, variantId: one.variantId, locale: 'en' },
      { email: 'b@example.com', productId: two.productId, variantId: two.variantId, locale: 'en' },
      { email: 'c@example.com', productId: two.productId, variantId: two.variantId, locale: 'en' },
    ]);
    type AlertData = { rows: { variantId: number | null }[]; window: { total: number } };
    const alerts = async (query: string) => (await callRoute(stockAlertsPage.loader, { db, staff: owner, path: `stock-alerts?${query}` })).data as AlertData;
    const variants = (data: AlertData) => data.rows.map((row) => row.variantId).filter((id) => id === one.variantId || id === two.variantId);
    const usual = await alerts('');
    expect(usual.window.total).toBe(usual.rows.length);
    expect(usual.rows.length).toBeGreaterThanOrEqual(2);
    expect(variants(usual)).toEqual([two.variantId, one.variantId]);
    expect(variants(await alerts('sort=waiting&direction=asc'))).toEqual([one.variantId, two.variantId]);
    expect(variants(await alerts('sort=stock&direction=desc'))).toEqual([two.variantId, one.variantId]);
  });
});
