import type { TFunction } from 'i18next';
import { ApiError, isCancellation } from '../../shared/api/apiError.ts';

/**
 * A failed template call in the user's words: the signatures' wording of a request's error codes (PDF_INVALID,
 * BILLING_REQUIRED…; its namespace is loaded with the screens that make requests), the common one, the rights,
 * else the screen's fallback. undefined for a cancelled call (never reported).
 */
export function templateErrorMessage(error: unknown, t: TFunction, fallbackKey: string): string | undefined {
  if (isCancellation(error)) return undefined;
  if (error instanceof ApiError) {
    const known = t(`errorsByCode.${error.code}`, { ns: 'signatures', defaultValue: '' }) || t(`errors.${error.code}`, { ns: 'common', defaultValue: '' });
    if (known) return known;
    if (error.code === 'INVALID_TRANSITION') return t('archivedHint', { ns: 'requestTemplates' });
    if (error.status === 403) return t('errors.rights', { ns: 'common' });
  }
  return t(fallbackKey, { ns: 'requestTemplates' });
}
