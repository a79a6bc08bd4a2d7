import { describe, expect, it } from 'vitest';
import { demoBankAccount, isValidBic, isValidIban, printedIban } from './bank-account.ts';

describe('bank account details', () => {
  it.each(['NL91ABNA0417164300', 'NL91 ABNA 0417 1643 00', 'DE89370400440532013000', 'GB29 NWBK 6016 1331 9268 19', 'be68539007547034'])(
    'accepts the valid IBAN %s',
    (iban) => {
      expect(isValidIban(iban)).toBe(true);
    },
  );

  it.each([
    ['NL92ABNA0417164300', 'a wrong check number'],
    ['NL91ABNA041716430', 'one character short'],
    ['DE89370400440532013001', 'a mistyped digit'],
    ['XX89370400440532013000', 'an unknown country'],
    ['NL91-ABNA-0417', 'punctuation'],
  ])('refuses %s (%s)', (iban) => {
    expect(isValidIban(iban)).toBe(false);
  });

  it('knows a BIC with or without a branch', () => {
    expect(isValidBic('ABNANL2A')).toBe(true);
    expect(isValidBic('DEUTDEFF500')).toBe(true);
    expect(isValidBic('ABNANL2')).toBe(false);
    expect(isValidBic('abnanl2a')).toBe(false);
    expect(isValidBic('ABNA NL2A')).toBe(false);
  });

  it('prints an IBAN in groups of four, and the demo account is valid', () => {
    expect(printedIban('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(isValidIban(demoBankAccount.iban) && isValidBic(demoBankAccount.bic)).toBe(true);
  });
});
