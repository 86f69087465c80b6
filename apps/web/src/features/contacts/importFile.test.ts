import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/apiError.ts';
import { importFileMessage, localFileProblem } from './importFile.ts';

/** A t that shows the key and its values, to check which message and which name. */
const t = ((key: string, options: Record<string, unknown> = {}) => {
  const { ns: _ns, defaultValue: _default, ...values } = options;
  return `${key} ${JSON.stringify(values)}`;
}) as unknown as TFunction;

describe('import file check', () => {
  it('accepts the four spreadsheet formats by name, whatever the case, and refuses others or an empty file', () => {
    expect(localFileProblem({ name: 'contacts.ODS', size: 10 })).toBeNull();
    expect(localFileProblem({ name: 'contacts.csv', size: 10 })).toBeNull();
    expect(localFileProblem({ name: 'contacts.pdf', size: 10 })).toBe('type');
    expect(localFileProblem({ name: 'contacts', size: 10 })).toBe('type');
    expect(localFileProblem({ name: 'contacts.xlsx', size: 0 })).toBe('empty');
  });

  it("names the file in the server's refusals, with the size limit when given", () => {
    const tooBig = new ApiError({
      code: 'FILE_TOO_LARGE',
      status: 413,
      message: 'too big',
      fields: [{ field: 'file', rule: 'file_too_big', message: '', params: { maxsize: '5 MB' } }],
    });
    expect(importFileMessage(tooBig, 'big.xlsx', t)).toBe('import.fileErrors.tooLargeMax {"name":"big.xlsx","max":"5 MB"}');
    const wrongType = new ApiError({ code: 'INVALID_FILE_TYPE', status: 415, message: 'type' });
    expect(importFileMessage(wrongType, 'photo.csv', t)).toBe('import.fileErrors.type {"name":"photo.csv"}');
    const noRows = new ApiError({
      code: 'VALIDATION_FAILED',
      status: 400,
      message: 'no rows',
      fields: [{ field: 'file', rule: 'invalid_value', message: 'void.ods has no rows: its first sheet is empty.' }],
    });
    expect(importFileMessage(noRows, 'void.ods', t)).toBe('void.ods has no rows: its first sheet is empty.');
    expect(importFileMessage('empty', 'void.ods', t)).toBe('import.fileErrors.empty {"name":"void.ods"}');
  });
});
