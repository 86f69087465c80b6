/**
 * The error codes, their HTTP statuses and their English texts, without zod: what a worker thread (the server's
 * platform/workers) loads to throw the server's errors, without the contracts' thousands of schemas (≈ 80 MB of RSS
 * per thread). `@paraphe/contracts` re-exports all of it (shared/errors.ts).
 */
/**
 * Stable error codes. The server maps each to an HTTP status at the edge (`errorHttpStatus`);
 * the web app shows the rights message for 403 and the generic message for anything else,
 * except where a screen recognises a specific code.
 */
export const errorHttpStatus = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  TOKEN_INVALID: 401,
  SECOND_FACTOR_REQUIRED: 401,
  FORBIDDEN: 403,
  APPLICATION_SUSPENDED: 403,
  FEATURE_DISABLED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_ALREADY_EXISTS: 409,
  /** The address book already has a contact with this e-mail (spec §8 "contact email already used"). */
  CONTACT_EMAIL_USED: 409,
  INVALID_LINE_MANAGER: 409,
  USER_IN_USE: 409,
  INVALID_TRANSITION: 409,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_NOT_CONFIRMED: 403,
  ACCOUNT_DISABLED: 403,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  CODE_LOCKED: 429,
  /** Too many wrong passwords or login codes for this account: answered with Retry-After, whatever the password. */
  ACCOUNT_LOCKED: 429,
  /** A passkey's answer that does not verify: unknown or used challenge, wrong origin, bad signature, a counter that did not increase. */
  PASSKEY_REJECTED: 400,
  /** A passkey alone (no password) on an account whose tenant has not allowed passwordless login. */
  PASSWORDLESS_DISABLED: 403,
  /** A sensitive change (removing a passkey) needs a session that proved its factors in the last few minutes. */
  REAUTHENTICATION_REQUIRED: 403,
  TOKEN_EXPIRED: 400,
  PASSWORD_REUSED: 400,
  RATE_LIMITED: 429,
  /** Public API: a document given by URL could not be fetched (not https, internal address, too large, too slow): `details.reason`. */
  DOCUMENT_URL_REFUSED: 422,
  PAYLOAD_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  ARCHIVE_MEMBER_TOO_LARGE: 413,
  INVALID_FILE_TYPE: 400,
  TOO_MANY_FILES: 400,
  PDF_INVALID: 400,
  BILLING_REQUIRED: 409,
  /** Payments (docs/payments.md): a payment method needs the administrative billing data first (spec §5). */
  BILLING_PROFILE_REQUIRED: 409,
  /** The card provider refused to save the card, or the SEPA mandate could not be signed. */
  PAYMENT_METHOD_NOT_ADDED: 422,
  /** The tenant's payment method cannot be used (no card, no signed mandate): "correct your payment method". */
  PAYMENT_METHOD_INVALID: 409,
  /** The card provider refused a charge: `message` is the provider's decline message. */
  PAYMENT_FAILED: 402,
  /** Spec §9: a refund only within 3 months of the invoice. */
  REFUND_TOO_LATE: 409,
  /** More than what was paid for the invoice minus what was already refunded. */
  REFUND_EXCEEDS_PAID: 409,
  /** The provider refused the refund. */
  REFUND_FAILED: 502,
  /** Card payments are not configured on this server (production without STRIPE_SECRET_KEY). */
  PAYMENTS_UNAVAILABLE: 503,
  ACCOUNT_INFO_REQUIRED: 409,
  SEPA_RUM_IN_USE: 409,
  QUALIFIED_CERTIFICATE_REQUIRED: 403,
  /** Ordering a qualified certificate needs a mobile phone in the profile (spec §5). */
  MOBILE_REQUIRED: 409,
  /** A qualified-certificate order sent without the identity documents it needs. */
  CERTIFICATE_DOCUMENTS_MISSING: 409,
  /** Spec §8 "certificate not available": nothing to download yet (not activated). */
  CERTIFICATE_NOT_AVAILABLE: 409,
  /** Spec §8 "Certificate could not be created, contact support" (the CA or the QTSP failed). */
  CERTIFICATE_CREATION_FAILED: 502,
  /** The certificate's 50 qualified signatures are used (or it has expired): renew it. */
  QUALIFIED_SIGNATURES_EXHAUSTED: 403,
  LINK_INVALID: 404,
  LINK_UNAVAILABLE: 410,
  /** A document removed by the GDPR retention purge (docs/gdpr.md): its hashes stay in the evidence, the file is gone. */
  DOCUMENT_PURGED: 410,
  NOT_YOUR_TURN: 409,
  ACTION_NOT_ALLOWED: 403,
  /**
   * A hand-over (delegation) refused by the state of things: this participant already answered or handed over, the
   * request is no longer awaiting answers, or the place was handed over `delegationRules.maxHandOvers` times
   * (`details.reason`: `answered` | `limit`).
   */
  DELEGATION_NOT_POSSIBLE: 409,
  CODE_REQUIRED: 400,
  CODE_RESEND_TOO_SOON: 429,
  CODE_SEND_LIMIT: 429,
  CONSENT_REQUIRED: 400,
  HANDWRITTEN_REQUIRED: 400,
  DOCUMENT_NOT_READY: 409,
  SIGNING_FAILED: 502,
  /** A stored document the signing engine cannot prepare or sign (public page): nothing was signed, no code sent. */
  DOCUMENT_UNSIGNABLE: 422,
  /** The handwritten signature image is over the engine's bounds (HANDWRITING_LIMITS), checked on its header. */
  IMAGE_TOO_LARGE: 400,
  /** Relaunch: every waiting signer was reminded within the cool-down (`details.availableAt`). */
  RELAUNCH_TOO_SOON: 429,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_USE: 409,
  IDEMPOTENCY_KEY_UNKNOWN_RESULT: 409,
  /** A document the office engine could not convert (mail-merge): damaged, or it hung and was stopped. */
  CONVERSION_FAILED: 422,
  /** Spec §8 provider connection test: credentials missing or incomplete (fill them first). */
  PROVIDER_CREDENTIALS_INCOMPLETE: 400,
  /** Spec §8: the provider refused the credentials. Not 401: that would end the caller's own session. */
  PROVIDER_CREDENTIALS_INVALID: 422,
  /** Spec §8: the provider is having difficulties; retry in a few minutes. */
  PROVIDER_UNAVAILABLE: 503,
  /** Survey connector: Typeform refused the personal access token (not 401: that would end the caller's own session). */
  SURVEY_TOKEN_INVALID: 422,
  /** Survey connector: Typeform cannot be reached or answered an error; retry later. Nothing was changed. */
  SURVEY_UNAVAILABLE: 503,
  /** Survey connector: the action needs a connected Typeform account. */
  SURVEY_NOT_CONNECTED: 409,
  /** The CRM connector: no HUBSPOT_CLIENT_ID on this server. */
  CRM_NOT_CONFIGURED: 503,
  /** The tenant signs in with its identity provider only (docs/sso.md): this account has no password login. */
  SSO_REQUIRED: 403,
  /** The identity provider's discovery document could not be fetched or is not valid: nothing was saved. */
  SSO_DISCOVERY_FAILED: 422,
  /** The tenant has no HubSpot connection. */
  CRM_NOT_CONNECTED: 409,
  /** HubSpot refused the refresh token (revoked, app uninstalled): a manager must connect again. */
  CRM_RECONNECT_REQUIRED: 409,
  /** HubSpot answered an error or could not be reached: `details.errors` carries HubSpot's messages. */
  CRM_UNAVAILABLE: 502,
  INTERNAL: 500,
  /** The database (or a service a request needs) is away for a moment: answered with Retry-After. */
  UNAVAILABLE: 503,
  /** The product administrator put the service in maintenance: answered with Retry-After and `details` { message, expectedEndAt }. */
  MAINTENANCE: 503,
  /** Mail-merge: LibreOffice is not installed on the server (`details.howToEnable` says how); the rest works. */
  CONVERSION_UNAVAILABLE: 503,
  /** The disk of the files (or of the database) is full: nothing was saved. */
  STORAGE_FULL: 507,
} as const;
export type ErrorCode = keyof typeof errorHttpStatus;
/**
 * Codes whose `detail` starts with the legacy numeric code the spec's screens recognise (spec §8), instead of
 * the code itself: "73020 : PDF error (already signed or invalid)".
 */
export const legacyDetailCodes: Partial<Record<ErrorCode, string>> = { PDF_INVALID: '73020' };
export const errorDetail = (code: string, message: string) => `${legacyDetailCodes[code as ErrorCode] ?? code} : ${message}`;
export const errorCodes = Object.keys(errorHttpStatus) as ErrorCode[];

/** English texts of the spec's messages; the web app translates by code. */
export const errorMessages: Partial<Record<ErrorCode, string>> = {
  FORBIDDEN: 'You do not have the necessary rights to perform this action.',
  DOCUMENT_URL_REFUSED: 'The document could not be fetched from this URL.',
  EMAIL_ALREADY_EXISTS: 'An account already exists with this email.',
  CONTACT_EMAIL_USED: 'Contact email already used.',
  INVALID_LINE_MANAGER: 'Invalid line manager: a user cannot report to themselves or to one of their subordinates.',
  USER_IN_USE: 'This user has subordinates: they can only be deactivated.',
  APPLICATION_SUSPENDED: 'Your account is suspended. Please contact support.',
  FEATURE_DISABLED: 'This feature is not enabled for your account. Please contact sales.',
  INVALID_CREDENTIALS: 'Incorrect email or password.',
  CODE_INVALID: 'The code is incorrect.',
  CODE_EXPIRED: 'The code has expired. Ask for a new one.',
  CODE_LOCKED: 'Too many wrong codes. Ask for a new one.',
  PASSKEY_REJECTED: 'This passkey could not be verified.',
  PASSWORDLESS_DISABLED: 'Logging in with a passkey alone is not allowed for this account: use your password.',
  REAUTHENTICATION_REQUIRED: 'For your safety, log in again before this change.',
  ACCOUNT_LOCKED: 'Too many failed attempts: logging in to this account is paused. Try again later, or reset your password.',
  PASSWORD_REUSED: 'Set a different password.',
  NOT_FOUND: 'Not found.',
  PDF_INVALID: 'PDF error (already signed or invalid)',
  FILE_TOO_LARGE: 'The file is too big.',
  ARCHIVE_MEMBER_TOO_LARGE: 'A file in the archive is too big: it cannot be used.',
  INVALID_FILE_TYPE: 'Invalid file type: PDF or ZIP only.',
  TOO_MANY_FILES: 'Maximum number of files reached.',
  BILLING_REQUIRED: 'Sending in live mode needs a complete billing profile: fill it in Settings → Billing (test mode can send without one).',
  BILLING_PROFILE_REQUIRED: 'Adding a payment method needs the administrative billing data first: complete your billing profile in Settings → Billing.',
  PAYMENT_METHOD_NOT_ADDED: 'The new payment method could not be added.',
  PAYMENT_METHOD_INVALID: 'Correct your payment method.',
  PAYMENT_FAILED: 'The payment request failed.',
  REFUND_TOO_LATE: 'Refund impossible for an invoice older than 3 months.',
  REFUND_EXCEEDS_PAID: 'The refund is larger than what was paid for this invoice, less what was already refunded.',
  REFUND_FAILED: 'The refund failed.',
  PAYMENTS_UNAVAILABLE: 'Card payments are not configured on this server (STRIPE_SECRET_KEY): contact the administrator.',
  ACCOUNT_INFO_REQUIRED: 'Pre-processing requires the account information to be completed.',
  SEPA_RUM_IN_USE: 'This mandate reference (RUM) is already used with this creditor identifier (ICS): give the mandate a new reference.',
  QUALIFIED_CERTIFICATE_REQUIRED: 'A qualified certificate is required.',
  MOBILE_REQUIRED: 'Add a mobile phone number to your profile first.',
  CERTIFICATE_DOCUMENTS_MISSING: 'Add both sides of your ID card, or your passport.',
  CERTIFICATE_NOT_AVAILABLE: 'The certificate is not available.',
  CERTIFICATE_CREATION_FAILED: 'Certificate could not be created, contact support.',
  QUALIFIED_SIGNATURES_EXHAUSTED: 'The qualified certificate cannot sign any more: renew it.',
  LINK_INVALID: 'This signing link is not valid.',
  LINK_UNAVAILABLE: 'The document to be signed is no longer available.',
  DOCUMENT_PURGED: 'This document was deleted at the end of its retention period.',
  NOT_YOUR_TURN: 'It is not your turn to sign yet.',
  ACTION_NOT_ALLOWED: 'This action is not possible for you on this request.',
  DELEGATION_NOT_POSSIBLE: 'This request can no longer be handed over from this link.',
  CODE_REQUIRED: 'Ask for a code first.',
  CODE_RESEND_TOO_SOON: 'Wait a moment before asking for a new code.',
  CODE_SEND_LIMIT: 'Too many codes were sent. Try again later.',
  CONSENT_REQUIRED: 'Tick every box to continue.',
  PROVIDER_CREDENTIALS_INCOMPLETE: 'The provider credentials are missing or incomplete: fill them in first.',
  PROVIDER_CREDENTIALS_INVALID: 'The provider credentials are incorrect.',
  PROVIDER_UNAVAILABLE: 'The provider is having difficulties: retry in a few minutes.',
  SURVEY_TOKEN_INVALID: 'Typeform refused the token.',
  SURVEY_UNAVAILABLE: 'Typeform cannot be reached: retry in a few minutes.',
  SURVEY_NOT_CONNECTED: 'Connect a Typeform account first.',
  HANDWRITTEN_REQUIRED: 'Draw your signature to continue.',
  DOCUMENT_NOT_READY: 'The signed document is not available yet.',
  SIGNING_FAILED: 'The signature could not be applied. Try again in a few minutes.',
  DOCUMENT_UNSIGNABLE: 'A document of this request cannot be prepared for signing: nothing was signed. Contact the sender.',
  IMAGE_TOO_LARGE: 'The handwritten signature image is too large: draw it again.',
  RELAUNCH_TOO_SOON: 'The waiting signers were reminded less than an hour ago: try again later.',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used for a different request: use a new key for a new request.',
  IDEMPOTENCY_KEY_IN_USE: 'A request with this Idempotency-Key is still in progress. Try again in a moment.',
  IDEMPOTENCY_KEY_UNKNOWN_RESULT:
    'A request with this Idempotency-Key was processed but its answer was lost. Look for the item it created before sending it again with a new key.',
  CONVERSION_FAILED: 'The document could not be converted to PDF: check the template in a word processor and upload it again.',
  CONVERSION_UNAVAILABLE: 'Document conversion is unavailable on this server: LibreOffice must be installed (apt-get install libreoffice-writer-nogui).',
  INTERNAL: 'Oops, we had a problem processing your action or request; try again or contact support.',
  CRM_NOT_CONFIGURED: 'The HubSpot connector is not configured on this server (HUBSPOT_CLIENT_ID): contact the administrator.',
  SSO_REQUIRED: 'Your organisation signs in with its single sign-on: use the "Log in with" button.',
  SSO_DISCOVERY_FAILED: 'The identity provider could not be reached or its discovery document is not valid.',
  CRM_NOT_CONNECTED: 'HubSpot is not connected for this account.',
  CRM_RECONNECT_REQUIRED: 'The HubSpot connection was revoked: connect HubSpot again.',
  CRM_UNAVAILABLE: 'HubSpot could not answer: retry in a few minutes.',
  UNAVAILABLE: 'The service is briefly unavailable: nothing was lost. Try again in a moment.',
  MAINTENANCE: 'The service is under maintenance. Please try again later.',
  STORAGE_FULL: "The server's storage is full: nothing was saved. Try again later or contact support.",
};
