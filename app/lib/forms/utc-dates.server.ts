import { z } from 'zod';

/**
 * A moment typed in a date or datetime-local input, read as UTC (the admin's hints say so);
 * empty is null. Coupons, gift cards and the content schedule share it. Apart from `utcDateInput`
 * (utc-dates.ts), which pages use: a schema made at a module's top level stays in every browser
 * bundle that imports the module, and took the validation library into the storefront's shared
 * chunk with it.
 */
export const optionalUtcDate = z
  .string()
  .trim()
  .transform((value, context) => {
    if (value === '') return null;
    const date = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/.test(value) ? new Date(value.length === 10 ? `${value}T00:00:00Z` : `${value}:00Z`) : null;
    if (!date || Number.isNaN(date.getTime())) {
      context.addIssue({ code: 'custom', message: 'admin.validation.date' });
      return z.NEVER;
    }
    return date;
  });
