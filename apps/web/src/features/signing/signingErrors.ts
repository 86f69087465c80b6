import type { TFunction } from 'i18next';
import type { SigningCodeState } from '@paraphe/contracts';
import { isApiError } from '../../shared/api/apiError.ts';
import { PublicApiError } from './publicFetch.ts';
import { knownErrorCode, secondsUntil } from './signingState.ts';
import { formatCountdown } from './useNow.ts';

/** Errors after which the view itself changed (turn, role, link): the page reloads it instead of explaining. */
export const viewChangingCodes = ['NOT_YOUR_TURN', 'ACTION_NOT_ALLOWED', 'LINK_UNAVAILABLE', 'LINK_INVALID'];

export function changesView(error: unknown): boolean {
  return error instanceof PublicApiError && viewChangingCodes.includes(error.code);
}

/**
 * Errors after which nothing on the page can work: a document of the request cannot be prepared or signed
 * (DOCUMENT_UNSIGNABLE, on the code request, sign, or any other action). The page then says so in place of the flow.
 */
export function endsThePage(error: unknown): boolean {
  return isApiError(error, 'DOCUMENT_UNSIGNABLE');
}

/**
 * The drawn signature was refused (over the engine's image bounds, or not a PNG the server accepts): nothing was
 * signed and the code is still valid, so the signer draws again and signs.
 */
export function padRejected(error: unknown): boolean {
  if (isApiError(error, 'IMAGE_TOO_LARGE')) return true;
  return isApiError(error, 'VALIDATION_FAILED') && error.fields.some((f) => f.field === 'handwrittenPng');
}

/** The message for a failed code request or action, from the server's code and the freshest code counters. */
export function actionErrorMessage(error: unknown, t: TFunction, code: SigningCodeState | null, now: number): string {
  const known = knownErrorCode(error);
  if (!known) return t('errors.generic', { ns: 'signing' });
  const details = error instanceof PublicApiError ? error.details : {};
  if (known === 'CODE_INVALID') {
    const triesLeft = typeof details.triesLeft === 'number' ? details.triesLeft : (code?.triesLeft ?? 0);
    return t('errors.CODE_INVALID', { ns: 'signing', count: triesLeft });
  }
  if (known === 'CODE_RESEND_TOO_SOON' || known === 'CODE_SEND_LIMIT') {
    const at = typeof details.resendAvailableAt === 'string' ? details.resendAvailableAt : code?.resendAvailableAt;
    return t(`errors.${known}`, { ns: 'signing', time: formatCountdown(secondsUntil(at, now)) });
  }
  return t(`errors.${known}`, { ns: 'signing' });
}
