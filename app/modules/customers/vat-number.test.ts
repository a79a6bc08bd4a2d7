import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValidVatNumber } from './vat-number.ts';

const localeDirectory = new URL('../../../locales/', import.meta.url);
const localeFiles = readdirSync(localeDirectory).filter((file) => file.endsWith('.json'));

describe('the VAT number message', () => {
  it.each(localeFiles)('%s: its example is a number the check accepts', (file) => {
    const message: string = JSON.parse(readFileSync(new URL(file, localeDirectory), 'utf8')).validation.vatFormat;
    const example = message.match(/\b[A-Z]{2}[0-9A-Z]{8,12}\b/)?.[0];
    expect(example, message).toBeDefined();
    expect(isValidVatNumber(example ?? '')).toBe(true);
  });
});
