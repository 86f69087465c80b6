import { ApiError, isCancellation } from '../../shared/api/apiError.ts';
import { notify, notifyApiError } from '../../shared/api/notify.ts';
import { i18n } from '../../shared/i18n/i18n.ts';

/** HubSpot's own messages carried by a CRM_UNAVAILABLE answer (`details.errors`). */
export function crmErrorDetails(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const details = error.details.errors;
  return Array.isArray(details) ? details.filter((d): d is string => typeof d === 'string' && d.length > 0) : [];
}

/**
 * Spec §8 "CRM link: each error detail is shown as a toast": each of HubSpot's messages gets its own toast; a CRM
 * code without details shows its translated text; anything else the usual rights / generic message.
 */
export function notifyCrmError(error: unknown): void {
  if (isCancellation(error)) return;
  const details = crmErrorDetails(error);
  if (details.length) {
    for (const detail of details) notify(`HubSpot : ${detail}`, 'error');
    return;
  }
  if (error instanceof ApiError && error.code.startsWith('CRM_')) {
    notify(i18n.t(`errors.${error.code}`, { defaultValue: error.message }), 'error');
    return;
  }
  notifyApiError(error);
}
