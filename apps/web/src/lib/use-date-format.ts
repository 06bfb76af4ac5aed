import { useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { AuthContext } from '@/lib/auth/use-auth';

import { browserTimeZone, formatDate, formatDateTime, formatInZone, formatSoon } from './format-date';

/**
 * The time zone dates are shown in: the one the signed-in person chose in their profile, else the browser's. Read
 * without useAuth's check so that a page outside the providers (a component test, the public site) still has one.
 */
export function useTimeZone(): string {
  return useContext(AuthContext)?.user?.timeZone ?? browserTimeZone();
}

/** The date formatters of lib/format-date.ts, bound to the page's language and the person's time zone. */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const timeZone = useTimeZone();
  return useMemo(
    () => ({
      language,
      timeZone,
      dateTime: (iso: string) => formatDateTime(iso, language, timeZone),
      date: (iso: string, dateStyle: 'medium' | 'long' = 'medium') => formatDate(iso, language, timeZone, dateStyle),
      soon: (iso: string, now?: Date) => formatSoon(iso, language, now, timeZone),
      format: (iso: string | Date, options: Intl.DateTimeFormatOptions) => formatInZone(iso, language, timeZone, options),
    }),
    [language, timeZone],
  );
}

export type TDateFormat = ReturnType<typeof useDateFormat>;
