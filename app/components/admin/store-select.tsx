import type { FieldError } from '#app/lib/forms/field-errors.ts';
import { localeCodes } from '#app/modules/i18n/locales.ts';
import { Field } from '#app/components/ui/field.tsx';

/**
 * A store (locale code) chooser for the back office's filters and per-store records; with
 * `allStoresLabel` its first choice is every store (an empty value).
 */
export function StoreSelect({
  id,
  label,
  name = 'locale',
  defaultValue,
  allStoresLabel,
  error,
}: {
  id: string;
  label: string;
  name?: string;
  defaultValue?: string | null;
  allStoresLabel?: string;
  error?: FieldError;
}) {
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <select {...control} name={name} defaultValue={defaultValue ?? ''}>
          {allStoresLabel !== undefined && <option value="">{allStoresLabel}</option>}
          {localeCodes.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
