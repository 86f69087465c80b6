import { useTranslation } from 'react-i18next';
import { ApiError, isCancellation } from '../../../../shared/api/apiError.ts';

/**
 * What a template call's failure tells the user. Without LibreOffice on the server (503 CONVERSION_UNAVAILABLE) the
 * preview and .odt uploads cannot work: say so and how to fix it; the rest of the campaign stays usable.
 */
export function useTemplateErrorMessage(): (error: unknown) => string | null {
  const { t } = useTranslation('campaigns');
  return (error) => {
    if (isCancellation(error)) return null;
    if (!(error instanceof ApiError)) return t('mailMerge.errors.generic');
    switch (error.code) {
      case 'CONVERSION_UNAVAILABLE':
        return t('mailMerge.errors.conversionUnavailable');
      case 'INVALID_FILE_TYPE':
        // A document holding macros (whatever its name): said as such, not as a wrong format.
        if (error.fields.some((f) => f.rule === 'macros')) return t('mailMerge.errors.macros');
        // A zip bomb is no document at all (issue 25): not "too large", not "wrong format".
        if (error.fields.some((f) => f.rule === 'not_a_document')) return t('mailMerge.errors.notADocument');
        return t('mailMerge.errors.fileType');
      case 'FILE_TOO_LARGE':
        return t('mailMerge.errors.tooLarge');
      case 'CONVERSION_FAILED':
        return t('mailMerge.errors.conversionFailed');
      case 'VALIDATION_FAILED':
        return t('mailMerge.errors.refused', { detail: error.message });
      default:
        return t(`errorsByCode.${error.code}`, { defaultValue: error.message });
    }
  };
}
