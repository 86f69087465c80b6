import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/apiError.ts';

/**
 * The sentence to show for a refused call: the feature's own text for a known rule or reason (PKCS#12 checks,
 * no stamp account, disabled feature), else the server's message, else the generic error.
 */
export function problemOf(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  const rule = error.fields[0]?.rule;
  const known = rule !== undefined && (rule.startsWith('pkcs12_') || rule.startsWith('certificate_'));
  const key = known ? `errors.${rule}` : `errors.${error.code}`;
  return t(key, { defaultValue: error.message || t('errors.generic') });
}
