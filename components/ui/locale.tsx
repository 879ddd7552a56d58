'use client';
// Owns the reader's locale (from Accept-Language, so server and browser render alike) and timezone (the browser's).
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';

const LocaleContext = createContext('en-US');

export function LocaleProvider({ locale, children }: { locale: string; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

const noSubscription = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
// The server does not know the reader's clock: it renders UTC (and says so); the browser then switches to its own.
const serverTimeZone = () => 'UTC';

export function useLocale(): { locale: string; timeZone: string } {
  const locale = useContext(LocaleContext);
  const timeZone = useSyncExternalStore(noSubscription, browserTimeZone, serverTimeZone);
  return { locale, timeZone };
}
