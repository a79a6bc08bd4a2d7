import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { LocaleCode } from './locales.ts';
import { formatMessage, lookupMessage, type MessageTree, type MessageValues } from './messages.ts';

export type Translate = (key: string, values?: MessageValues) => string;

interface I18nValue {
  locale: LocaleCode;
  t: Translate;
}

const I18nContext = createContext<I18nValue | null>(null);

export function createTranslator(locale: LocaleCode, messages: MessageTree): Translate {
  return (key, values) => {
    const template = lookupMessage(messages, key);
    // A missing key shows itself, which the missing-key test and a glance at the page both catch.
    return template === undefined ? key : formatMessage(template, values, locale);
  };
}

export function I18nProvider({ locale, messages, children }: { locale: LocaleCode; messages: MessageTree; children: ReactNode }) {
  const value = useMemo(() => ({ locale, t: createTranslator(locale, messages) }), [locale, messages]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
