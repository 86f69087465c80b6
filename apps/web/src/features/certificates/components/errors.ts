import type { TFunction } from 'i18next';
import { ApiError } from '../../../shared/api/apiError.ts';

/** A refused call's message: the translated text of its code when the screen knows it, the server's otherwise. */
export function certificateErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return t(`errors.${error.code}`, { defaultValue: error.message });
  return t('errors.generic');
}
