/**
 * The account a bank transfer goes to (BANK_ACCOUNT_NAME, BANK_IBAN, BANK_BIC, BANK_NAME), shown on
 * the success page and in the order mails. Checked at start, so a typo never reaches a shopper.
 */
export interface BankAccount {
  /** the beneficiary: the name the account is held in */
  accountName: string;
  /** electronic format, no spaces: NL91ABNA0417164300 */
  iban: string;
  bic: string;
  bankName: string;
}

/**
 * The demo shop's account: the example IBAN of the Dutch banks' documentation, which belongs to
 * nobody. A shop going live sets its own in the environment.
 */
export const demoBankAccount: BankAccount = { accountName: 'Cordial B.V.', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', bankName: 'ABN AMRO Bank' };

/** IBAN lengths of the SEPA countries and a few others (ISO 13616 registry). */
const ibanLengths: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

/** An IBAN without spaces and in capitals, as typed on paper or in a config file. */
export const compactIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/** Whether an IBAN has its country's length and a correct ISO 7064 mod-97 check. */
export function isValidIban(input: string): boolean {
  const iban = compactIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban) || ibanLengths[iban.slice(0, 2)] !== iban.length) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** A BIC (ISO 9362): bank, country, location and optionally a branch: ABNANL2A, DEUTDEFF500. */
export const isValidBic = (bic: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic);

/** The IBAN in groups of four, as printed for people: NL91 ABNA 0417 1643 00. */
/** The configured account, or the demo shop's when none is set (tests, the demo). */
export const bankAccountOf = (services: { bankAccount?: BankAccount | undefined }): BankAccount => services.bankAccount ?? demoBankAccount;

export const printedIban = (iban: string) => compactIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
