import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { type BusinessRules, defaultBusinessRules } from '#app/modules/config/business-rules.ts';
import { deliveryCountryByCode } from '#app/modules/customers/countries.ts';
import { type BankAccount, compactIban, demoBankAccount, isValidBic, isValidIban } from '#app/modules/payments/bank-account.ts';
import { defaultShippingRules, type ShippingRules } from '#app/modules/pricing/shipping.ts';
import { type DatabaseTimeouts, defaultDatabaseTimeouts } from '#app/db/database-work.server.ts';

/** web: serves requests; worker: runs the job queue; all: both in one process (the embedded setup). */
export const processRoles = ['all', 'web', 'worker'] as const;
export type ProcessRole = (typeof processRoles)[number];

/** Why the embedded database allows one process, and what to do instead. */
function embeddedDatabaseIsOneProcess(what: string): string {
  return `${what}: the embedded database (PGlite) lives inside one process and cannot be opened by another. Set DATABASE_URL to a PostgreSQL database (npm run db:move -- --to postgresql://... copies this shop there), or leave WEB_CONCURRENCY and ROLE unset for one process.`;
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An unset variable and an empty one mean the same: use the default. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * Which proxies may tell the client's address and protocol (X-Forwarded-For/-Proto), in the terms
 * of Express's "trust proxy": false, a hop count, or addresses, subnets and the names loopback,
 * linklocal and uniquelocal.
 */
export type TrustProxy = false | number | string[];

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4/IPv6 address, optionally with a /prefix that fits it. */
function isAddressOrSubnet(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxySchema = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    if (value === 'off' || value === 'false') return false;
    if (/^\d+$/.test(value) && Number(value) <= 32) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => proxyNames.has(entry) || isAddressOrSubnet(entry))) return entries;
    context.addIssue({ code: 'custom', message: 'must be off, loopback, a hop count (0-32) or a comma-separated list of addresses and subnets' });
    return z.NEVER;
  });

/** A comma-separated list of delivery countries (ISO codes): "NL,BE"; "none" for an empty list. */
const countryList = z
  .string()
  .trim()
  .transform((value, context) => {
    if (value.toLowerCase() === 'none') return [];
    const codes = value.split(',').map((code) => code.trim().toUpperCase());
    const unknown = codes.filter((code) => !deliveryCountryByCode(code));
    if (unknown.length === 0) return codes;
    context.addIssue({ code: 'custom', message: `must be delivery countries as ISO codes separated by commas (unknown: ${unknown.join(', ')}), or none` });
    return z.NEVER;
  });

/** A time limit in milliseconds: at least 100 ms, at most an hour. */
const milliseconds = z.coerce.number().int('must be a whole number of milliseconds').min(100).max(3_600_000);

const envSchema = z
  .object({
    PORT: optional(z.coerce.number().int().min(1).max(65535)),
    HOST: optional(z.string().min(1)),
    DATA_DIR: optional(z.string().min(1)),
    DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })),
    DATABASE_REPLICA_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })),
    DATABASE_STATEMENT_TIMEOUT_MS: optional(milliseconds),
    DATABASE_CHECKOUT_TIMEOUT_MS: optional(milliseconds),
    DATABASE_IMPORT_TIMEOUT_MS: optional(milliseconds),
    SITE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
    SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
    MAIL_FROM: optional(z.string().min(3)),
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')),
    STRIPE_API_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
    LOG_LEVEL: optional(z.enum(logLevels)),
    NODE_ENV: optional(z.enum(['production', 'development', 'test'])),
    SHOP_NAME: optional(z.string().min(1).max(60)),
    // Image pipeline (decision 0015)
    IMAGE_CACHE_MAX_MB: optional(z.coerce.number().int().min(1)),
    IMAGE_RENDER_CONCURRENCY: optional(z.coerce.number().int().min(1).max(16)),
    IMAGE_RENDER_QUEUE: optional(z.coerce.number().int().min(0).max(1000)),
    IMAGE_RENDER_TIMEOUT_SECONDS: optional(z.coerce.number().int().min(1).max(600)),

    TRUST_PROXY: optional(trustProxySchema),
    // Business risks (decision 0018)
    UNPAID_ORDER_REMINDER_DAYS: optional(z.coerce.number().int().min(1).max(365)),
    UNPAID_ORDER_EXPIRY_DAYS: optional(z.coerce.number().int().min(2).max(365)),
    MAX_STOCK_SHARE_PER_ORDER: optional(z.coerce.number().int().min(1).max(100)),
    MAX_STOCK_SHARE_MIN_QUANTITY: optional(z.coerce.number().int().min(1).max(100_000)),
    INVOICE_CREDIT_LIMIT_EUR: optional(z.coerce.number().int().min(0).max(10_000_000)),
    // Background jobs: back-in-stock mails and review invitations (issue 15)
    BACKGROUND_JOBS_INTERVAL_SECONDS: optional(z.coerce.number().int().min(1).max(3600)),
    REVIEW_INVITATION_DAYS: optional(z.coerce.number().int().min(0).max(365)),
    // Processes (issue 18, decision 0024)
    ROLE: optional(z.enum(processRoles)),
    WEB_CONCURRENCY: optional(z.coerce.number().int().min(1).max(64)),
    METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
    METRICS_PORT: optional(z.coerce.number().int().min(1).max(65535)),
    // Bank transfers (issue 22): the account shown on the success page and in the order mails
    BANK_ACCOUNT_NAME: optional(z.string().trim().min(2).max(70)),
    BANK_IBAN: optional(
      z.string().refine(isValidIban, 'must be a valid IBAN (country length and check digits), e.g. NL91ABNA0417164300').transform(compactIban),
    ),
    BANK_BIC: optional(z.string().trim().toUpperCase().refine(isValidBic, 'must be a BIC of 8 or 11 characters, e.g. ABNANL2A')),
    BANK_NAME: optional(z.string().trim().min(2).max(70)),
    // Shipping (issue 22): where pickup at the warehouse is offered
    WAREHOUSE_PICKUP_COUNTRIES: optional(countryList),
  })
  .refine((env) => !env.BANK_IBAN || env.BANK_ACCOUNT_NAME, {
    path: ['BANK_ACCOUNT_NAME'],
    message: 'must be set with BANK_IBAN (the beneficiary of that account)',
  })
  .refine((env) => !env.BANK_IBAN || env.BANK_BIC, { path: ['BANK_BIC'], message: 'must be set with BANK_IBAN (shoppers abroad need it)' })
  .refine((env) => env.BANK_IBAN || (!env.BANK_BIC && !env.BANK_NAME), {
    path: ['BANK_IBAN'],
    message: 'must be set when BANK_BIC or BANK_NAME is (they describe its account)',
  })
  .refine(
    (env) =>
      (env.UNPAID_ORDER_EXPIRY_DAYS ?? defaultBusinessRules.unpaidExpiryDays) > (env.UNPAID_ORDER_REMINDER_DAYS ?? defaultBusinessRules.unpaidReminderDays),
    {
      path: ['UNPAID_ORDER_EXPIRY_DAYS'],
      message: 'must be more days than UNPAID_ORDER_REMINDER_DAYS (the reminder comes first)',
    },
  )
  .refine((env) => env.DATABASE_URL || (env.WEB_CONCURRENCY ?? 1) === 1, {
    path: ['WEB_CONCURRENCY'],
    message: embeddedDatabaseIsOneProcess('more than one web process needs PostgreSQL'),
  })
  .refine((env) => env.DATABASE_URL || (env.ROLE ?? 'all') === 'all', {
    path: ['ROLE'],
    message: embeddedDatabaseIsOneProcess('a separate web or worker process needs PostgreSQL'),
  })
  .refine((env) => env.DATABASE_URL || !env.DATABASE_REPLICA_URL, {
    path: ['DATABASE_REPLICA_URL'],
    message:
      'a read replica replays a PostgreSQL primary: set DATABASE_URL to that primary (npm run db:move -- --to postgresql://... copies this shop there). The embedded database (PGlite) has no replicas; leave DATABASE_REPLICA_URL unset.',
  });

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL only: a read replica of databaseUrl for catalogue reads (DATABASE_REPLICA_URL). */
  databaseReplicaUrl: string | undefined;
  /** PostgreSQL only: how long a statement may take, per kind of work (decision 0017). */
  databaseTimeouts: DatabaseTimeouts;
  siteUrl: string;
  sessionSecret: string;
  smtpUrl: string | undefined;
  /** Sender of shop mails: "Cordial <shop@example.com>". */
  mailFrom: string;
  /** Card, iDEAL and Bancontact payments; null without STRIPE_SECRET_KEY. */
  stripe: { secretKey: string; webhookSecret: string | undefined; apiUrl: string | undefined } | null;
  logLevel: (typeof logLevels)[number];
  nodeEnv: 'production' | 'development' | 'test';
  shopName: string;
  images: { cacheMaxBytes: number; renderConcurrency: number; renderQueue: number; renderTimeoutSeconds: number };

  /** Proxies whose X-Forwarded-For/-Proto are believed; the site's own origin is always siteUrl. */
  trustProxy: TrustProxy;
  businessRules: BusinessRules;
  /** How often each process looks for back-in-stock mails and review invitations to send, and after how many days. */
  jobs: { intervalSeconds: number; reviewInvitationDays: number };
  /** What this process does, and how many web processes `npm start` runs (decision 0024). */
  processes: { role: ProcessRole; webConcurrency: number };
  /** /metrics: answered on the shop's port to a bearer of this token, and/or on a port of its own. */
  metrics: { token: string | undefined; port: number | undefined };
  /** Where bank transfers go; the demo account unless BANK_IBAN and BANK_ACCOUNT_NAME are set. */
  bankAccount: BankAccount;
  shippingRules: ShippingRules;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the environment. Every bad variable is reported at once, by name,
 * so a failed boot says exactly what to fix.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}=${JSON.stringify(env[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const port = values.PORT ?? 3000;
  const dataDir = resolve(values.DATA_DIR ?? './data');
  return {
    port,
    host: values.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: values.DATABASE_URL,
    databaseReplicaUrl: values.DATABASE_REPLICA_URL,
    databaseTimeouts: {
      request: values.DATABASE_STATEMENT_TIMEOUT_MS ?? defaultDatabaseTimeouts.request,
      checkout: values.DATABASE_CHECKOUT_TIMEOUT_MS ?? defaultDatabaseTimeouts.checkout,
      import: values.DATABASE_IMPORT_TIMEOUT_MS ?? defaultDatabaseTimeouts.import,
    },
    siteUrl: (values.SITE_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    sessionSecret: values.SESSION_SECRET ?? persistentSessionSecret(dataDir),
    smtpUrl: values.SMTP_URL,
    stripe: values.STRIPE_SECRET_KEY
      ? { secretKey: values.STRIPE_SECRET_KEY, webhookSecret: values.STRIPE_WEBHOOK_SECRET, apiUrl: values.STRIPE_API_URL }
      : null,
    mailFrom: values.MAIL_FROM ?? `${values.SHOP_NAME ?? 'Cordial'} <shop@${new URL(values.SITE_URL ?? 'http://localhost').hostname}>`,
    logLevel: values.LOG_LEVEL ?? 'info',
    nodeEnv: values.NODE_ENV ?? 'production',
    shopName: values.SHOP_NAME ?? 'Cordial',
    images: {
      cacheMaxBytes: (values.IMAGE_CACHE_MAX_MB ?? 1024) * 1024 * 1024,
      renderConcurrency: values.IMAGE_RENDER_CONCURRENCY ?? 2,
      renderQueue: values.IMAGE_RENDER_QUEUE ?? 32,
      renderTimeoutSeconds: values.IMAGE_RENDER_TIMEOUT_SECONDS ?? 300,
    },

    trustProxy: values.TRUST_PROXY ?? ['loopback'],
    businessRules: {
      unpaidReminderDays: values.UNPAID_ORDER_REMINDER_DAYS ?? defaultBusinessRules.unpaidReminderDays,
      unpaidExpiryDays: values.UNPAID_ORDER_EXPIRY_DAYS ?? defaultBusinessRules.unpaidExpiryDays,
      maxStockSharePercent: values.MAX_STOCK_SHARE_PER_ORDER ?? defaultBusinessRules.maxStockSharePercent,
      maxStockShareMinQuantity: values.MAX_STOCK_SHARE_MIN_QUANTITY ?? defaultBusinessRules.maxStockShareMinQuantity,
      invoiceCreditLimitEurCents:
        values.INVOICE_CREDIT_LIMIT_EUR === undefined ? defaultBusinessRules.invoiceCreditLimitEurCents : values.INVOICE_CREDIT_LIMIT_EUR * 100,
    },
    jobs: { intervalSeconds: values.BACKGROUND_JOBS_INTERVAL_SECONDS ?? 60, reviewInvitationDays: values.REVIEW_INVITATION_DAYS ?? 7 },
    processes: { role: values.ROLE ?? 'all', webConcurrency: values.WEB_CONCURRENCY ?? 1 },
    metrics: { token: values.METRICS_TOKEN, port: values.METRICS_PORT },
    bankAccount: values.BANK_IBAN
      ? { accountName: values.BANK_ACCOUNT_NAME!, iban: values.BANK_IBAN, bic: values.BANK_BIC!, bankName: values.BANK_NAME ?? '' }
      : { ...demoBankAccount, accountName: values.BANK_ACCOUNT_NAME ?? `${values.SHOP_NAME ?? 'Cordial'} B.V.` },
    shippingRules: { warehousePickupCountries: values.WAREHOUSE_PICKUP_COUNTRIES ?? defaultShippingRules.warehousePickupCountries },
  };
}

/** Generated once and kept in DATA_DIR, so sessions survive restarts without configuration. */
function persistentSessionSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process starting on the same DATA_DIR wrote it first: every process uses that one.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
      throw error;
    }
    return secret;
  }
}
