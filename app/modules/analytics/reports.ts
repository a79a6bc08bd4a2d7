/**
 * Web vitals and client error reports (issue 17): the bodies of POST /api/vitals and
 * POST /api/client-errors, shared by the browser and the server.
 */
import { z } from 'zod';

/** Spec §9: the good and poor thresholds (ms; CLS unitless). FID is gone from browsers; INP replaced it. */
export const vitalThresholds = {
  LCP: { good: 2500, poor: 4000 },
  FCP: { good: 1800, poor: 3000 },
  CLS: { good: 0.1, poor: 0.25 },
  INP: { good: 200, poor: 500 },
  TTFB: { good: 800, poor: 1800 },
} as const;
export const vitalNames = ['LCP', 'FCP', 'CLS', 'INP', 'TTFB'] as const;
export type VitalName = (typeof vitalNames)[number];

const storefrontPrefix = z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/);
const pageType = z.string().regex(/^[a-z-]{1,32}$/);

export const webVitalBatch = z
  .object({
    storefront: storefrontPrefix,
    pageType,
    metrics: z
      .array(z.object({ name: z.enum(vitalNames), value: z.number().finite().min(0).max(600_000) }).strict())
      .min(1)
      .max(10),
  })
  .strict();
export type WebVitalBatch = z.infer<typeof webVitalBatch>;

export const clientErrorReport = z
  .object({
    storefront: storefrontPrefix,
    pageType: pageType.optional(),
    message: z.string().trim().min(1).max(500),
    /** the script's address, without query (it could carry something personal) */
    source: z.string().max(300).optional(),
    line: z.number().int().min(0).max(10_000_000).optional(),
  })
  .strict();
export type ClientErrorReport = z.infer<typeof clientErrorReport>;
