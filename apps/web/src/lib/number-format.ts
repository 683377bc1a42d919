import type { Locale } from '@pharma/domain';
import { answerLanguage } from '../i18n/language.ts';

const formats = new Map<Locale, Intl.NumberFormat>();

/**
 * A figure as the screens show it (issue 33, decision 0092): grouped as the shown language groups
 * ('1,234' in English, Chinese and Malay alike). The one place a screen groups a number: report counts,
 * the dashboard's figures. Dates and times are not here: they are 'YYYY-MM-DD HH:mm' in every language
 * (lib/local-day.ts).
 */
export function formatNumber(value: number, locale: Locale = answerLanguage()): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    formats.set(locale, format);
  }
  return format.format(value);
}
