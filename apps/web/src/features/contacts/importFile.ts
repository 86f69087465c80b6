import type { TFunction } from 'i18next';
import { ApiError, isCancellation } from '../../shared/api/apiError.ts';

/** The spreadsheets the import reads (the server detects the real format from the content). */
export const importExtensions = ['xlsx', 'xls', 'ods', 'csv'] as const;
export const importAccept = importExtensions.map((extension) => `.${extension}`).join(',');

export type ImportFileProblem = 'type' | 'empty';

/** What the browser can tell before sending: a name without a spreadsheet extension, or an empty file. */
export function localFileProblem(file: { name: string; size: number }): ImportFileProblem | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (!extension || !(importExtensions as readonly string[]).includes(extension)) return 'type';
  if (file.size === 0) return 'empty';
  return null;
}

/** The message of a refused file, naming it: its type, its size (with the server's limit), its emptiness, or the server's reason. */
export function importFileMessage(problem: ImportFileProblem | unknown, fileName: string, t: TFunction): string | null {
  if (problem === 'type') return t('import.fileErrors.type', { ns: 'contacts', name: fileName });
  if (problem === 'empty') return t('import.fileErrors.empty', { ns: 'contacts', name: fileName });
  if (isCancellation(problem)) return null;
  if (!(problem instanceof ApiError)) return t('import.fileErrors.other', { ns: 'contacts', name: fileName, message: t('errors.generic') });
  const params = problem.fields[0]?.params ?? {};
  switch (problem.code) {
    case 'INVALID_FILE_TYPE':
      return t('import.fileErrors.type', { ns: 'contacts', name: fileName });
    case 'FILE_TOO_LARGE':
    case 'PAYLOAD_TOO_LARGE':
      return typeof params.maxsize === 'string'
        ? t('import.fileErrors.tooLargeMax', { ns: 'contacts', name: fileName, max: params.maxsize })
        : t('import.fileErrors.tooLarge', { ns: 'contacts', name: fileName });
    default: {
      const field = problem.fields[0];
      // The server words what it found in the file (no rows, a cell too long…), naming it: its own sentence says most.
      if (field?.rule === 'invalid_value' && field.message.includes(fileName)) return field.message;
      const message = field
        ? t(`validation.${field.rule}`, { ...field.params, defaultValue: field.message })
        : t(`errors.${problem.code}`, { defaultValue: problem.message });
      return t('import.fileErrors.other', { ns: 'contacts', name: fileName, message });
    }
  }
}
