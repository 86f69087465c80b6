import type { TFunction } from 'i18next';
import { ApiError, isCancellation } from '../../../shared/api/apiError.ts';
import { notify } from '../../../shared/api/notify.ts';

/**
 * Each failure as a toast with its own detail (spec §8, like the CRM link errors): the translated text of its
 * stable code (errors.<CODE>, shell namespace) or of the refused field, else the server's detail.
 */
export function toastSurveyError(t: TFunction, error: unknown): void {
  if (isCancellation(error)) return;
  if (!(error instanceof ApiError)) return notify(t('errors.generic'), 'error');
  const field = error.fields[0]?.field;
  if (error.code === 'VALIDATION_FAILED' && field === 'formId') return notify(t('surveys:errors.formRefused'), 'error');
  if (error.status === 403) return notify(t('errors.rights'), 'error');
  const known = t(`errors.${error.code}`, { defaultValue: '' });
  notify(known || error.detail, 'error');
}
