import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { pdfRejectionMessages, pdfRejectionReasons, relaunchSummarySchema } from '@paraphe/contracts';
import { ApiError } from '../../shared/api/apiError.ts';
import enSignatures from './locales/en.json';
import frSignatures from './locales/fr.json';
import { activeContentParts, listOf } from './activeContent.ts';
import { apiErrorWithDetails } from './errorMessages.ts';
import { checkAfterFailure, checkedPages, documentOfFileError, fileProblemMessage, fileProblemOf, type FileCheck } from './fileCheck.ts';
import { relaunchTooSoon, skippedSigners } from './relaunch.ts';

/** The server's PDF_INVALID for one file (apps/server intake.ts `pdfInvalid`). */
const pdfInvalid = (fileName: string, reason: string) =>
  new ApiError({
    code: 'PDF_INVALID',
    status: 400,
    message: `${fileName}: ${reason}`,
    detail: `73020 : ${fileName}: ${reason}`,
    fields: [{ field: `files.${fileName}`, rule: 'invalid_value', message: '…', params: { reason } }],
  });

/** A t() over the English file that shows which key and values it was given. */
const t = ((key: string, options: Record<string, unknown> = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], enSignatures);
  return String(text ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
}) as unknown as TFunction;

describe('the check of a file added to the request form', () => {
  it('reads the PDF_INVALID reason of the refused file from its field error', () => {
    expect(fileProblemOf(pdfInvalid('notes.pdf', 'NOT_PDF'), 'notes.pdf')).toEqual({ code: 'PDF_INVALID', fileName: 'notes.pdf', reason: 'NOT_PDF' });
    expect(checkAfterFailure(pdfInvalid('notes.pdf', 'ENCRYPTED_PASSWORD'), 'notes.pdf')).toMatchObject({
      status: 'refused',
      problem: { reason: 'ENCRYPTED_PASSWORD' },
    });
  });
  it('names the PDF of an archive at fault, and words the refusal with what to do', () => {
    const problem = fileProblemOf(pdfInvalid('inner.pdf', 'ALREADY_SIGNED'), 'bundle.zip')!;
    expect(problem).toEqual({ code: 'PDF_INVALID', fileName: 'bundle.zip', reason: 'ALREADY_SIGNED', member: 'inner.pdf' });
    expect(fileProblemMessage(problem, t)).toBe('In bundle.zip: inner.pdf is already signed: add the document as it was before any signature.');
  });
  it('has a French and an English text for every refusal reason, naming the file', () => {
    for (const reason of pdfRejectionReasons) {
      for (const texts of [enSignatures, frSignatures]) expect(texts.fileCheck.pdfInvalid[reason], reason).toContain('{{name}}');
      expect(pdfRejectionMessages[reason]('x.pdf')).toContain('x.pdf'); // the server's English text, for reference
    }
  });
  it('words the size and type refusals as before, with the limit when the server gives it', () => {
    const tooLarge = new ApiError({
      code: 'FILE_TOO_LARGE',
      status: 413,
      message: 'big',
      fields: [{ field: 'files.big.pdf', rule: 'file_too_big', message: 'big', params: { maxsize: '10 MB' } }],
    });
    expect(fileProblemMessage(fileProblemOf(tooLarge, 'big.pdf')!, t)).toBe('big.pdf is too big: files of at most 10 MB are accepted.');
    const type = new ApiError({
      code: 'INVALID_FILE_TYPE',
      status: 400,
      message: 'no',
      fields: [{ field: 'files.a.zip', rule: 'invalid_value', message: 'no' }],
    });
    expect(fileProblemMessage(fileProblemOf(type, 'a.zip')!, t)).toBe('a.zip: Invalid file type: PDF or ZIP archives of PDFs only.');
  });
  it('leaves a file unchecked when the check itself failed (network, server): the server checks it at save', () => {
    expect(checkAfterFailure(new ApiError({ code: 'INTERNAL', status: 500, message: 'x' }), 'a.pdf')).toEqual({ status: 'unchecked' });
    expect(checkAfterFailure(new TypeError('Failed to fetch'), 'a.pdf')).toEqual({ status: 'unchecked' });
  });
  it('finds the document a file error of the create call is about (the file, or the archive listing that PDF)', () => {
    const zip: FileCheck = {
      status: 'ok',
      inspection: {
        fileName: 'b.zip',
        kind: 'zip',
        documents: [
          { fileName: 'inner.pdf', pageCount: 1, pages: [{ width: 10, height: 20, rotate: 0 }], activeContent: { found: [], neutralised: [] }, warnings: [] },
        ],
      },
    };
    const documents = [
      { file: { name: 'a.pdf' }, check: { status: 'unchecked' } as FileCheck },
      { file: { name: 'b.zip' }, check: zip },
    ];
    expect(documentOfFileError(documents, 'a.pdf')).toBe(0);
    expect(documentOfFileError(documents, 'inner.pdf')).toBe(1);
    expect(documentOfFileError(documents, 'other.pdf')).toBe(-1);
    expect(checkedPages(zip)).toBeUndefined(); // an archive's PDFs get the default positions, no editor
  });
});

describe('active content of a document', () => {
  it('tells the kinds disabled for the signers from the kinds kept (links, attachments)', () => {
    expect(activeContentParts({ found: ['JavaScript', 'URI', 'EmbeddedFile'], neutralised: ['JavaScript'] })).toEqual({
      neutralised: ['JavaScript'],
      kept: ['URI', 'EmbeddedFile'],
    });
    expect(activeContentParts({ found: [], neutralised: [] })).toBeNull();
    expect(activeContentParts(undefined)).toBeNull();
  });
  it('lists the kinds in the reader language', () => {
    expect(listOf(['JavaScript', 'form submissions'], 'en')).toBe('JavaScript and form submissions');
    expect(listOf(['du JavaScript', 'des liens web'], 'fr')).toBe('du JavaScript et des liens web');
  });
});

describe('relaunch', () => {
  const signers = [
    { id: '00000000-0000-4000-8000-000000000001', firstname: 'Alice', lastname: 'Arnaud' },
    { id: '00000000-0000-4000-8000-000000000002', firstname: 'Bruno', lastname: 'Bernard' },
  ];
  it('names the skipped signers, soonest first', () => {
    const summary = relaunchSummarySchema.parse({
      reminded: [signers[0]!.id],
      skipped: [
        { signerId: signers[1]!.id, availableAt: '2030-01-01T10:30:00.000Z' },
        { signerId: '00000000-0000-4000-8000-000000000009', availableAt: '2030-01-01T10:10:00.000Z' },
      ],
    });
    expect(skippedSigners(summary, signers)).toEqual([
      { name: '#2', availableAt: '2030-01-01T10:10:00.000Z' },
      { name: 'BERNARD Bruno', availableAt: '2030-01-01T10:30:00.000Z' },
    ]);
    expect(skippedSigners(undefined, signers)).toEqual([]);
  });
  it('reads when a reminder is possible again from RELAUNCH_TOO_SOON', () => {
    const body = { error: { code: 'RELAUNCH_TOO_SOON', message: 'm', detail: 'd', details: { availableAt: '2030-01-01T10:30:00.000Z' } } };
    expect(relaunchTooSoon(apiErrorWithDetails(429, body))).toEqual({ availableAt: '2030-01-01T10:30:00.000Z' });
    expect(relaunchTooSoon(apiErrorWithDetails(429, { error: { ...body.error, details: {} } }))).toEqual({ availableAt: null });
    expect(relaunchTooSoon(new ApiError({ code: 'INVALID_TRANSITION', status: 409, message: 'x' }))).toBeUndefined();
  });
});
