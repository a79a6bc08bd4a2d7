import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (and `serial`) column. */
const maxRecordId = 2_147_483_647;

/**
 * A record id from a form field or a URL segment: digits only and within the column's range,
 * else null. (A bigger number would make the database refuse the query instead of finding nothing.)
 */
export function recordId(value: FormDataEntryValue | string | null | undefined): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= maxRecordId ? id : null;
}

/** A form field holding a record id, parsed with `recordId`; anything else fails with the given message key. */
export const recordIdField = (message: string) =>
  z.string(message).transform((value, context) => {
    const id = recordId(value);
    if (id === null) context.addIssue({ code: 'custom', message });
    return id ?? z.NEVER;
  });

/** An optional record id field: absent, empty or malformed is null. */
export const optionalRecordIdField = z
  .string()
  .optional()
  .transform((value) => recordId(value));
