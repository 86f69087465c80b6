/**
 * Every failure of the signing engine is a SigningError with a stable code, so callers (the server's jobs,
 * the verify report) can map it to a user message without parsing text. Nothing else may escape the package.
 */
export const signingErrorCodes = [
  'PDF_INVALID', // not a PDF, truncated, broken xref that cannot be recovered
  'PDF_ENCRYPTED', // encrypted PDFs cannot be signed
  'PDF_TOO_COMPLEX', // hostile input: object count, nesting depth or size over the configured bounds
  'PDF_FIELD_NOT_FOUND', // the field to fill does not exist
  'PDF_FIELD_ALREADY_SIGNED',
  'PDF_PLACEHOLDER_TOO_SMALL',
  'PDF_MODIFICATION_FORBIDDEN', // DocMDP forbids the requested change
  'CERTIFICATE_INVALID', // malformed, expired, not yet valid, wrong key usage
  'PKCS12_INVALID', // bad file or wrong password
  'KEY_DECRYPTION_FAILED', // CA keys could not be opened with the supplied key
  'TSA_UNAVAILABLE', // no TSA answered: signing must fail, never fall back to the local clock
  'TSA_RESPONSE_INVALID',
  'CMS_INVALID',
  'IMAGE_TOO_LARGE', // the handwritten signature image exceeds the pixel/byte bounds (checked before decoding)
  'UNSUPPORTED',
] as const;
export type SigningErrorCode = (typeof signingErrorCodes)[number];

export class SigningError extends Error {
  readonly code: SigningErrorCode;
  readonly details?: Record<string, unknown>;
  constructor(code: SigningErrorCode, message: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SigningError';
    this.code = code;
    this.details = details;
  }
}

export function isSigningError(error: unknown): error is SigningError {
  return error instanceof SigningError;
}
