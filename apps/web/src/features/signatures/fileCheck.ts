import type { TFunction } from 'i18next';
import { pdfRejectionReasons, type FileInspection, type PdfRejectionReason } from '@paraphe/contracts';
import { ApiError } from '../../shared/api/apiError.ts';

/**
 * The check of a file added to the request form (POST /api/transactions/inspect, the create call's own checks on
 * that one file): running, usable (with its pages), refused (why), or not checked (the check itself failed —
 * network, server — so the server checks the file again when the request is saved).
 */
export type FileCheck =
  { status: 'checking' } | { status: 'ok'; inspection: FileInspection } | { status: 'refused'; problem: FileProblem } | { status: 'unchecked' };

/** Why a file is refused, as the server said it: its code, the PDF's reason, the PDF of an archive, the size limit. */
export type FileProblem = {
  code: FileErrorCode;
  /** The file as the user added it. */
  fileName: string;
  /** PDF_INVALID: why the PDF was refused (pdfRejectionReasons). */
  reason?: PdfRejectionReason;
  /** The PDF named by the error when it is not the file itself (a PDF inside a ZIP). */
  member?: string;
  /** FILE_TOO_LARGE: the limit, as the server writes it ("10 MB"). */
  maxSize?: string;
};

/** The errors of the create call and of the check that are about one file (not about the request). */
export const fileErrorCodes = [
  'PDF_INVALID',
  'INVALID_FILE_TYPE',
  'FILE_TOO_LARGE',
  'ARCHIVE_MEMBER_TOO_LARGE',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_FILES',
] as const;
export type FileErrorCode = (typeof fileErrorCodes)[number];

function fileErrorCode(error: unknown): FileErrorCode | undefined {
  return error instanceof ApiError ? fileErrorCodes.find((c) => c === error.code) : undefined;
}

/** The file a failed call names (its field `files.<name>`), if any. */
export function fileNamedBy(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const field = error.fields.find((f) => f.field.startsWith('files.'));
  return field ? field.field.slice('files.'.length) : undefined;
}

/**
 * The problem of `fileName` in a failed call, or undefined when the failure is not about a file (then the check
 * did not happen: network, server, rights). The PDF_INVALID reason is in the field error's params (and in
 * `error.details.reason`, which the shared ApiError does not keep).
 */
export function fileProblemOf(error: unknown, fileName: string): FileProblem | undefined {
  const code = fileErrorCode(error);
  if (!code || !(error instanceof ApiError)) return undefined;
  const params = error.fields[0]?.params ?? {};
  const reason = pdfRejectionReasons.find((r) => r === params.reason);
  const named = fileNamedBy(error);
  const problem: FileProblem = { code, fileName };
  if (reason) problem.reason = reason;
  if (named && named !== fileName) problem.member = named;
  if (typeof params.maxsize === 'string') problem.maxSize = params.maxsize;
  return problem;
}

/** What the check of a file says after a failure: refused with its reason, or not checked (the server checks at save). */
export function checkAfterFailure(error: unknown, fileName: string): FileCheck {
  const problem = fileProblemOf(error, fileName);
  return problem ? { status: 'refused', problem } : { status: 'unchecked' };
}

/** The message of a refused file, naming it (and the PDF of the archive at fault), with what to do. */
export function fileProblemMessage(problem: FileProblem, t: TFunction): string {
  const name = problem.member ?? problem.fileName;
  const own = (() => {
    switch (problem.code) {
      case 'PDF_INVALID':
        return t(problem.reason ? `fileCheck.pdfInvalid.${problem.reason}` : 'fileCheck.pdfInvalidOther', { ns: 'signatures', name });
      case 'FILE_TOO_LARGE':
      case 'PAYLOAD_TOO_LARGE':
        return problem.maxSize
          ? t('fileCheck.tooLargeMax', { ns: 'signatures', name: problem.fileName, max: problem.maxSize })
          : t('fileCheck.tooLarge', { ns: 'signatures', name: problem.fileName });
      default:
        return t('fileCheck.fileError', { ns: 'signatures', name: problem.fileName, message: t(`errorsByCode.${problem.code}`, { ns: 'signatures' }) });
    }
  })();
  return problem.member && problem.code === 'PDF_INVALID' ? t('fileCheck.inArchive', { ns: 'signatures', archive: problem.fileName, message: own }) : own;
}

/**
 * Which document of the form a file error of the create call is about: the file of that name, else the archive
 * whose check listed that PDF. -1 when none (the message is then shown for the request).
 */
export function documentOfFileError(documents: readonly { file: { name: string }; check: FileCheck }[], named: string): number {
  const own = documents.findIndex((d) => d.file.name === named);
  if (own >= 0) return own;
  return documents.findIndex(
    (d) => d.check.status === 'ok' && d.check.inspection.kind === 'zip' && d.check.inspection.documents.some((p) => p.fileName === named),
  );
}

/** The page sizes of a checked PDF (points, rotation applied), for the position editor; undefined for an archive. */
export function checkedPages(check: FileCheck): { width: number; height: number }[] | undefined {
  if (check.status !== 'ok' || check.inspection.kind !== 'pdf') return undefined;
  return check.inspection.documents[0]?.pages;
}
