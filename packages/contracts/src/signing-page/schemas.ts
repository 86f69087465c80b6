import { z } from 'zod';
import { itemEnvelope, localeSchema, uuidSchema } from '../shared/common.ts';
import { certificationLevelSchema, chainingModes, documentTypes, handwrittenModes, signerRoleSchema } from '../signatures/constants.ts';
import { signatureStatusSchema, signerStatusSchema } from '../signatures/states.ts';
import { emailSchema, phoneSchema } from '../users/schemas.ts';

/**
 * The public signing page (`#/sign/<token>`, issue 5). Every call is under `/api/public/sign/:token`, without a
 * bearer: the token in the path is the credential (an HMAC-signed link bound to one signer of one request).
 *
 *   GET  /api/public/sign/:token                    → signingPageResponse (first open: signer `access`)
 *   GET  /api/public/sign/:token/documents/:docId   → application/pdf (prepared: fields + test watermark)
 *   POST /api/public/sign/:token/code               → signingCodeResponse (one-time code by SMS or e-mail)
 *   POST /api/public/sign/:token/sign               signInput → signingActionResponse
 *   POST /api/public/sign/:token/refuse             refuseInput → signingActionResponse
 *   POST /api/public/sign/:token/approve            approveInput → signingActionResponse (validators)
 *   POST /api/public/sign/:token/reject             refuseInput → signingActionResponse (validators)
 *   GET  /api/public/sign/:token/signed/:docId      → application/pdf (signed version, once completed)
 *
 * Errors (codes in errors.ts): LINK_INVALID 404 (forged, altered, unknown signer: reveals nothing),
 * LINK_UNAVAILABLE 410 (request refused/canceled/expired/failed/deleted, or link past its expiry; the body's
 * `error.details.reason` is one of `linkUnavailableReasons`), NOT_YOUR_TURN 409, ACTION_NOT_ALLOWED 403 (role or
 * status does not allow it, e.g. an observer signing, signing twice), CODE_REQUIRED 400 (no live code: ask one),
 * CODE_INVALID 400, CODE_EXPIRED 400, CODE_LOCKED 429 (5 wrong tries: ask a new code), CODE_RESEND_TOO_SOON 429,
 * CODE_SEND_LIMIT 429, CONSENT_REQUIRED 400, HANDWRITTEN_REQUIRED 400, DOCUMENT_NOT_READY 409 (signed version
 * before completion), SIGNING_FAILED 502 (e.g. time-stamping authority unreachable; nothing was signed),
 * DOCUMENT_UNSIGNABLE 422 (a stored document the engine cannot prepare or sign: on the view, the documents, the
 * code — no code is sent — and sign), IMAGE_TOO_LARGE 400 (handwriting over `handwritingLimits`, read from the PNG
 * header before decoding).
 */

// ---------------------------------------------------------------------------------------------------------------
// One-time code rules (the server enforces them; the page shows the counters it returns)

export const signingCodeRules = {
  /** Digits of the code. */
  length: 6,
  /** A code is valid this long after it was sent. */
  ttlSeconds: 10 * 60,
  /** Wrong entries allowed per code; the 5th wrong one burns the code (CODE_LOCKED): ask a new one. */
  maxTries: 5,
  /** Codes sent after the first one, within a window. */
  maxResends: 3,
  /** Minimum delay between two sends. */
  resendCooldownSeconds: 60,
  /**
   * The window starts at the first send; once 1 + maxResends codes were sent in it, a new code can only be
   * asked when it ends (CODE_SEND_LIMIT, with `resendAvailableAt`), which opens a new window.
   */
  sendWindowSeconds: 30 * 60,
} as const;

export const signingCodeChannels = ['sms', 'email'] as const;
export type SigningCodeChannel = (typeof signingCodeChannels)[number];

export const signingCodeStateSchema = z.object({
  /** SMS when the signer has a mobile, else e-mail. */
  channel: z.enum(signingCodeChannels),
  /** Masked: "+33 6•• ••• •78" / "j•••@example.com". */
  destination: z.string(),
  /** The live code (null: none sent yet, or used/burnt/expired: ask one). */
  sentAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Wrong entries left for the live code (0 when there is none). */
  triesLeft: z.number().int(),
  /** Sends left in the current window. */
  resendsLeft: z.number().int(),
  /** When the next code can be asked (cool-down or window end); null = now. */
  resendAvailableAt: z.string().nullable(),
});
export type SigningCodeState = z.infer<typeof signingCodeStateSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The view

/** Why the signer can or cannot act now. */
export const signingTurnStates = [
  /** The signer (or validator) can act now. */
  'yourTurn',
  /** Earlier participants in the chain still have to act. */
  'waiting',
  /** This signer already signed/approved. */
  'done',
  /** This signer refused/rejected. */
  'refused',
  /** Observers never act; they download once completed. */
  'observer',
  /** The request is signed/completed: nothing left to do but download. */
  'finished',
  /** This participant handed the request over to someone else (view.handedOver says to whom and when). */
  'handedOver',
] as const;
export type SigningTurnState = (typeof signingTurnStates)[number];

export const signingFieldSchema = z.object({
  name: z.string(),
  /** 1-based page (resolved: never -1). */
  page: z.number().int(),
  /**
   * Visible-page coordinates, in points: the page as a viewer shows it (CropBox ∩ MediaBox, /Rotate applied),
   * origin at its bottom-left corner, x to the right, y up — what pdf.js measures and the editor placed
   * (packages/signing/README.md, "The coordinate model").
   */
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type SigningField = z.infer<typeof signingFieldSchema>;

/** The widths (pixels) at which the server renders a page image of the signing page: each is rendered and cached once. */
export const signingPageImageWidths = [800, 1240, 1600] as const;

export const signingPageDocumentSchema = z.object({
  id: uuidSchema,
  title: z.string(),
  /** pdf = to sign; pdf-for-presentation = read only; pdf-optional = may be signed. */
  documentType: z.enum(documentTypes),
  pageCount: z.number().int(),
  /**
   * The size of each page in points (visible box, rotation applied), so the page can be laid out before its image
   * arrives; one entry per page.
   */
  pages: z.array(z.object({ width: z.number(), height: z.number() })),
  /** Consent sentences: `signInput.consents[documentIndex][i]` answers `checkBoxTexts[i]`. */
  checkBoxTexts: z.array(z.string()),
  /** This signer's fields on the document (empty for presentation documents and observers). */
  fields: z.array(signingFieldSchema),
  /** GET /api/public/sign/:token/documents/:id */
  url: z.string(),
  /** GET /api/public/sign/:token/documents/:id/pages/ — add `<page>?width=<one of signingPageImageWidths>`. */
  pagesUrl: z.string(),
  /** GET /api/public/sign/:token/signed/:id once the request is completed (signers and observers), else null. */
  signedUrl: z.string().nullable(),
});
export type SigningPageDocument = z.infer<typeof signingPageDocumentSchema>;

export const signingRedirectsSchema = z.object({
  success: z.string().nullable(),
  cancel: z.string().nullable(),
  fail: z.string().nullable(),
});
export type SigningRedirects = z.infer<typeof signingRedirectsSchema>;

export const signingPageSchema = z.object({
  request: z.object({
    label: z.string(),
    status: signatureStatusSchema,
    level: certificationLevelSchema,
    /** Show the "test mode — no legal value" banner; documents carry the watermark. */
    testMode: z.boolean(),
    expiresAt: z.string().nullable(),
    chainingMode: z.enum(chainingModes),
  }),
  /** White label. */
  tenant: z.object({ company: z.string(), themeColor: z.string(), logoUrl: z.string().nullable() }),
  /** The signer's language (page texts). */
  language: localeSchema,
  signer: z.object({
    firstname: z.string(),
    lastname: z.string(),
    /** LASTNAME firstname */
    name: z.string(),
    role: signerRoleSchema,
    status: signerStatusSchema,
    invitationMessage: z.string().nullable(),
  }),
  turn: z.enum(signingTurnStates),
  /** turn === 'yourTurn'. */
  canAct: z.boolean(),
  /** disabled: no pad; enabled: pad (mouse or touch), optional; touchOnly: pad required, touch input only. */
  handwritten: z.enum(handwrittenModes),
  documents: z.array(signingPageDocumentSchema),
  /** Signers only (null for observers and validators, who need no code). */
  code: signingCodeStateSchema.nullable(),
  redirects: signingRedirectsSchema,
  /** The sender allows hand-overs (option allowDelegation) and this participant may still hand over now. */
  canDelegate: z.boolean(),
  /** Set once this participant handed the request over: to whom (LASTNAME firstname) and when. */
  handedOver: z.object({ toName: z.string(), at: z.string() }).nullable(),
});
export type SigningPage = z.infer<typeof signingPageSchema>;
export const signingPageResponse = itemEnvelope(signingPageSchema);

// ---------------------------------------------------------------------------------------------------------------
// Inputs

/** POST …/code: no body. */
export const signingCodeResponse = itemEnvelope(signingCodeStateSchema);

/** A PNG data: ≤ 512 KB once decoded; base64 with or without the `data:image/png;base64,` prefix. */
export const handwrittenPngMaxBytes = 512 * 1024;
/** The signing engine's bounds on the handwritten image (HANDWRITING_LIMITS): pixels a side, pixels in all. */
export const handwritingLimits = { maxSide: 4096, maxPixels: 4 * 1024 * 1024 } as const;
export const signInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'The code has 6 digits.' }),
  /** One array per document of the view (same order), one boolean per consent text; all must be true. */
  consents: z.array(z.array(z.boolean())).default([]),
  /**
   * The optional documents (`pdf-optional`) this signer chooses to sign, by id; the signer's other optional
   * documents stay unsigned, and the evidence records the choice for each. Their consents are asked only when signed.
   */
  optionalDocumentsToSign: z.array(uuidSchema).max(200).default([]),
  handwrittenPng: z
    .string()
    .max(Math.ceil((handwrittenPngMaxBytes * 4) / 3) + 64)
    .nullish()
    .transform((v) => v || null),
});
export type SignInput = z.input<typeof signInputSchema>;

export const refuseInputSchema = z.object({ comment: z.string().trim().min(1).max(2000) });
export type RefuseInput = z.infer<typeof refuseInputSchema>;
export const approveInputSchema = z.object({ comment: z.string().trim().max(2000).nullish() }).prefault({});
export type ApproveInput = z.input<typeof approveInputSchema>;

/**
 * POST …/delegate: the participant hands the request over (option allowDelegation). The delegate takes the same role,
 * place in the order and fields, is invited like any participant and verified by their own one-time code.
 * `mobile` is required when this participant's codes or invitation go by SMS.
 */
export const delegationRules = {
  /** A participant's place can be handed over this many times in all (a loop A → B → A counts each time). */
  maxHandOvers: 3,
  reasonMaxLength: 500,
} as const;
export const delegateInputSchema = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email: emailSchema,
  /** International format (+33…), like a participant's number. */
  mobile: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), phoneSchema.nullish()).transform((v) => v ?? null),
  reason: z.string().trim().min(1).max(delegationRules.reasonMaxLength),
});
export type DelegateInput = z.input<typeof delegateInputSchema>;
export const delegationResultSchema = z.object({
  /** The delegate, LASTNAME firstname. */
  toName: z.string(),
  at: z.string(),
});
export type DelegationResult = z.infer<typeof delegationResultSchema>;
export const delegationResponse = itemEnvelope(delegationResultSchema);

export const signingOutcomes = ['signed', 'refused', 'approved', 'rejected'] as const;
export const signingActionResultSchema = z.object({
  outcome: z.enum(signingOutcomes),
  /** Status of the request after the action (completed when this was the last signature). */
  requestStatus: signatureStatusSchema,
  /** Where to send the browser: success URL after signed/approved, cancel URL after refused/rejected; null = stay. */
  redirectUrl: z.string().nullable(),
  /**
   * Face to face (chainingMode faceToFace), when someone else's turn comes: the next participant, who continues
   * on this device with their own link (`token`) and their own one-time code. Absent or null otherwise.
   */
  nextSigner: z.object({ name: z.string(), token: z.string() }).nullable().optional(),
});
export type SigningActionResult = z.infer<typeof signingActionResultSchema>;
export const signingActionResponse = itemEnvelope(signingActionResultSchema);

// ---------------------------------------------------------------------------------------------------------------
// LINK_UNAVAILABLE reasons (error.details.reason): the page shows the matching message.

/** `suspended`: the sender's account (tenant) is suspended; the page says so and offers nothing. */
export const linkUnavailableReasons = ['expired', 'canceled', 'refused', 'failed', 'gone', 'suspended'] as const;
export type LinkUnavailableReason = (typeof linkUnavailableReasons)[number];
/** Spec §8 route error, for `gone` (and the fallback of any reason). */
export const documentNoLongerAvailableMessage = 'The document to be signed is no longer available.';
