/**
 * Cookie consent (necessary, analytics, marketing). Necessary cookies need no consent; the
 * others stay off until the visitor agrees. Stored in a cookie as 'necessary,analytics,...'.
 */
export const consentCookie = 'consent';
export const optionalConsentCategories = ['analytics', 'marketing'] as const;
export type OptionalConsentCategory = (typeof optionalConsentCategories)[number];

export type ConsentState = Record<OptionalConsentCategory, boolean>;

/** null when the visitor has not chosen yet (the banner shows). */
export function parseConsent(value: string | undefined): ConsentState | null {
  if (!value) return null;
  const granted = new Set(value.split(','));
  if (!granted.has('necessary')) return null;
  return { analytics: granted.has('analytics'), marketing: granted.has('marketing') };
}

export function serializeConsent(state: ConsentState): string {
  return ['necessary', ...optionalConsentCategories.filter((category) => state[category])].join(',');
}
