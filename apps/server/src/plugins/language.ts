import type { FastifyRequest } from 'fastify';
import { LOCALES, loadCatalogue, negotiateLocale, SOURCE_LOCALE, type Locale } from '@pharma/domain';

/** Loads every language's catalogue before the first request: the server answers in any of them. */
export async function loadLanguages(): Promise<void> {
  await Promise.all(LOCALES.map((locale) => loadCatalogue(locale)));
}

/**
 * The language of a request's answer (issue 33, decision 0090): the signed-in user's saved choice, else
 * the first language of the request's Accept-Language that the product speaks, else English. It sets
 * the `message` of an answer only: an error's `code` is the same in every language.
 */
export function localeOf(request: Pick<FastifyRequest, 'headers' | 'principal'>): Locale {
  return request.principal?.user.language ?? negotiateLocale(request.headers['accept-language']) ?? SOURCE_LOCALE;
}
