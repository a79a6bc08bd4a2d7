import { randomInt } from 'node:crypto';

/**
 * Gift-card codes (issue 15): 15 characters drawn by the crypto random generator (never a
 * counter) from an alphabet without look-alikes (no 0/O, 1/I/L) — 31^15 ≈ 2 × 10^22 codes, so
 * guessing one is hopeless — and a check letter computed from them, in groups of four:
 * `K7QM-4XTR-9CHW-PZ3E`. The check letter catches a mistyped or swapped character before the
 * database is asked.
 */
export const codeAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const body = 15;

/** The check letter: a weighted sum (position-dependent, so swaps are caught) modulo 31, a prime. */
export function checkLetter(characters: string): string {
  let sum = 0;
  for (let index = 0; index < characters.length; index++) sum += (index + 1) * (codeAlphabet.indexOf(characters[index]!) + 1);
  return codeAlphabet[sum % codeAlphabet.length]!;
}

export function generateGiftCardCode(random: (max: number) => number = randomInt): string {
  let characters = '';
  for (let index = 0; index < body; index++) characters += codeAlphabet[random(codeAlphabet.length)];
  return (characters + checkLetter(characters)).match(/.{4}/g)!.join('-');
}

/** What a shopper typed, in the stored form: upper case, and a 16-character code in its groups of four. */
export function normaliseGiftCardCode(input: string): string {
  const compact = input.trim().toUpperCase().replace(/[\s-]/g, '');
  return /^[A-Z0-9]{16}$/.test(compact) ? compact.match(/.{4}/g)!.join('-') : input.trim().toUpperCase();
}

/**
 * Whether a normalised code has the shape of the shop's generated codes: four groups of the
 * alphabet. Older codes (the demo's, the admin's former `GIFT-…` ones with their I) do not.
 */
export const looksGenerated = (code: string) => new RegExp(`^([${codeAlphabet}]{4}-){3}[${codeAlphabet}]{4}$`).test(code);

/** For a code in the generated shape: is its check letter right? */
export function hasValidCheckLetter(code: string): boolean {
  const compact = code.replace(/-/g, '');
  return checkLetter(compact.slice(0, body)) === compact[body];
}
