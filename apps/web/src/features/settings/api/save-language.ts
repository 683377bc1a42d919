import type { Locale } from '@pharma/domain';
import { api } from '../../../lib/api-client.ts';

/**
 * PUT /api/me/language: the signed-in user's own language (decision 0090): the server's answers follow it,
 * and a sign-in on any device brings it to that device (decision 0092).
 */
export async function saveUserLanguage(language: Locale): Promise<void> {
  await api.put('/api/me/language', { body: { language } });
}
