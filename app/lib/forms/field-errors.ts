import type { z } from 'zod';
import type { MessageValues } from '#app/modules/i18n/messages.ts';

/** A message key with its values; translated where the form shows it, next to the field. */
export interface FieldError {
  key: string;
  values?: MessageValues;
}

export type FieldErrors<Field extends string = string> = Partial<Record<Field, FieldError>>;

/** The answer of a form action that did not pass: status 400, errors per field, and what was typed. */
export interface FormFailure<Field extends string = string> {
  ok: false;
  fieldErrors: FieldErrors<Field>;
  /** A message for the whole form (a failed login, a rate limit), as a key. */
  formError?: FieldError;
  /** The submitted text values, so nothing the shopper typed is lost (never passwords). */
  values: Partial<Record<Field, string>>;
}

/**
 * Schemas use message keys as their error messages; a too-short value also carries its minimum
 * so "Please enter at least {min} characters" can say how many (and a too-long one its maximum).
 */
export function fieldErrorsOf<Field extends string>(error: z.ZodError): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0]) as Field;
    if (errors[field]) continue;
    const minimum =
      'minimum' in issue && typeof issue.minimum === 'number'
        ? { min: issue.minimum }
        : issue.code === 'custom' && typeof issue.params?.min === 'number'
          ? { min: issue.params.min }
          : undefined;
    // "Please enter at most {max} characters" says how many, too.
    const limit = minimum ?? (issue.code === 'too_big' && typeof issue.maximum === 'number' ? { max: issue.maximum } : undefined);
    errors[field] = { key: isMessageKey(issue.message) ? issue.message : 'validation.invalid', values: limit };
  }
  return errors;
}

/** A schema's own message key ('validation.email', 'giftCards.amountBounds'), not one of zod's sentences. */
const isMessageKey = (message: string) => /^[a-z][A-Za-z]*(\.[A-Za-z]+)+$/.test(message);

const secretFields = /password/i;

/** The text fields of a form as typed, for re-filling it; password fields are left out on purpose. */
export function typedValues<Field extends string>(form: FormData, fields: readonly Field[]): Partial<Record<Field, string>> {
  const values: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const value = form.get(field);
    if (typeof value === 'string' && !secretFields.test(field)) values[field] = value;
  }
  return values;
}

/** Reads the named fields of a form as strings ('' when absent), for schema parsing. */
export function formFields<Field extends string>(form: FormData, fields: readonly Field[]): Record<Field, string> {
  const values = {} as Record<Field, string>;
  for (const field of fields) {
    const value = form.get(field);
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** Parses a form against a schema: the data, or the failure to return with status 400. */
export function parseForm<Schema extends z.ZodType, Field extends string>(
  schema: Schema,
  form: FormData,
  fields: readonly Field[],
): { ok: true; data: z.output<Schema> } | FormFailure<Field> {
  const parsed = schema.safeParse(formFields(form, fields));
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, fieldErrors: fieldErrorsOf<Field>(parsed.error), values: typedValues(form, fields) };
}

/** A failure to return with status 400: errors per field and/or for the form, with what was typed. */
export function formFailure<Field extends string>(
  form: FormData,
  fields: readonly Field[],
  fieldErrors: FieldErrors<NoInfer<Field>>,
  formError?: FieldError,
): FormFailure<Field> {
  return { ok: false, fieldErrors, formError, values: typedValues(form, fields) };
}

/** The text fields of a form by name (a file upload is left out), for a schema of several intents. */
export function formEntries(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string' && !(name in values)) values[name] = value;
  return values;
}

/** What a form of several intents parsed to: the typed input of its intent, or the first problem as a message key. */
export type IntentParse<Input> = { ok: true; data: Input } | { ok: false; error: FieldError; fieldErrors: FieldErrors; intent: string };

/**
 * Parses a form with several intents (buttons named `intent`) against a discriminated union on
 * `intent`, one schema per intent. Its messages are message keys; an unknown intent gets the
 * union's own message. `defaultIntent` names the intent of a form whose button carries none.
 */
export function parseIntent<Schema extends z.ZodType>(schema: Schema, form: FormData, defaultIntent?: string): IntentParse<z.output<Schema>> {
  const entries = formEntries(form);
  if (defaultIntent !== undefined) entries.intent ??= defaultIntent;
  const parsed = schema.safeParse(entries);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const error = { key: issue && isMessageKey(issue.message) ? issue.message : 'validation.invalid' };
  return { ok: false, error, fieldErrors: fieldErrorsOf(parsed.error), intent: entries.intent ?? '' };
}
