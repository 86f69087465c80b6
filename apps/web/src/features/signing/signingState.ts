import { isApiError } from '../../shared/api/apiError.ts';
import type { LinkUnavailableReason, SigningActionResult, SigningPage, SigningPageDocument } from '@paraphe/contracts';
import { linkUnavailableReasons } from '@paraphe/contracts';
import { PublicApiError } from './publicFetch.ts';

/** What the page shows, derived from the view (or from the error that replaced it). */
export type SigningScreen =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'unavailable'; reason: LinkUnavailableReason }
  /** A document of the request cannot be prepared or signed (DOCUMENT_UNSIGNABLE): only the sender can help. */
  | { kind: 'unsignable' }
  | { kind: 'error' }
  | { kind: 'waiting'; view: SigningPage }
  | { kind: 'done'; view: SigningPage }
  | { kind: 'refused'; view: SigningPage }
  /** This participant handed the request over (delegation): to whom and when. */
  | { kind: 'handedOver'; view: SigningPage }
  | { kind: 'read'; view: SigningPage }
  | { kind: 'sign'; view: SigningPage }
  | { kind: 'validate'; view: SigningPage };

export function unavailableReasonOf(error: unknown): LinkUnavailableReason {
  const reason = error instanceof PublicApiError ? error.details.reason : undefined;
  return linkUnavailableReasons.find((r) => r === reason) ?? 'gone';
}

/**
 * `error`: the view's failure, or an action's failure that ends the page (signingErrors `endsThePage`). A link
 * the server cannot read (404, or a token it refuses as malformed: the view takes nothing else) is invalid. Any
 * other failure (network, server) keeps the page neutral: a retry, never a hint about the link.
 */
export function screenOf(view: SigningPage | undefined, error: unknown): SigningScreen {
  if (error) {
    if (isApiError(error, 'LINK_INVALID') || isApiError(error, 'VALIDATION_FAILED') || (isApiError(error) && error.status === 404)) return { kind: 'invalid' };
    if (isApiError(error, 'LINK_UNAVAILABLE')) return { kind: 'unavailable', reason: unavailableReasonOf(error) };
    if (isApiError(error, 'DOCUMENT_UNSIGNABLE')) return { kind: 'unsignable' };
    return { kind: 'error' };
  }
  if (!view) return { kind: 'loading' };
  switch (view.turn) {
    case 'waiting':
      return { kind: 'waiting', view };
    case 'done':
      return { kind: 'done', view };
    case 'refused':
      return { kind: 'refused', view };
    case 'handedOver':
      return { kind: 'handedOver', view };
    case 'observer':
    case 'finished':
      return { kind: 'read', view };
    case 'yourTurn':
      if (!view.canAct) return { kind: 'read', view };
      return view.signer.role === 'validator' ? { kind: 'validate', view } : { kind: 'sign', view };
  }
}

/** One answer list per document, in the view's order (the sign call's `consents`). */
export type Consents = boolean[][];

export function emptyConsents(documents: readonly SigningPageDocument[]): Consents {
  return documents.map((d) => d.checkBoxTexts.map(() => false));
}

/** An optional document holding one of the signer's fields: the signer chooses whether to sign it. */
export const isChoosable = (document: SigningPageDocument) => document.documentType === 'pdf-optional' && document.fields.length > 0;

/** The consents of every document to be signed: an optional document left unchosen asks none. */
export function allConsentsGiven(documents: readonly SigningPageDocument[], consents: Consents, optionalToSign: ReadonlySet<string> = new Set()): boolean {
  return documents.every((d, i) => (isChoosable(d) && !optionalToSign.has(d.id)) || d.checkBoxTexts.every((_, j) => consents[i]?.[j] === true));
}

/** The optional documents chosen, with `id` added (sign) or removed (leave unsigned). */
export function chooseOptional(chosen: ReadonlySet<string>, id: string, sign: boolean): Set<string> {
  const next = new Set(chosen);
  if (sign) next.add(id);
  else next.delete(id);
  return next;
}

export function toggleConsent(consents: Consents, documentIndex: number, textIndex: number, checked: boolean): Consents {
  return consents.map((answers, i) => (i === documentIndex ? answers.map((a, j) => (j === textIndex ? checked : a)) : answers));
}

/** What still blocks the Sign button, in the order the signer should fix it (null: ready). */
export function signBlocker(
  view: SigningPage,
  consents: Consents,
  handwrittenPng: string | null,
  optionalToSign: ReadonlySet<string> = new Set(),
): 'consents' | 'handwritten' | null {
  if (!allConsentsGiven(view.documents, consents, optionalToSign)) return 'consents';
  if (view.handwritten === 'touchOnly' && !handwrittenPng) return 'handwritten';
  return null;
}

/** Signed copies can be downloaded once the request is complete (the view then gives their URLs). */
export function signedDownloads(view: SigningPage): { id: string; title: string; url: string }[] {
  return view.documents.flatMap((d) => (d.signedUrl ? [{ id: d.id, title: d.title, url: d.signedUrl }] : []));
}

/** Whole seconds from `now` until `iso` (0 when past or absent): the resend cool-down. */
export function secondsUntil(iso: string | null | undefined, now: number): number {
  if (!iso) return 0;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The live code can still be typed (sent, not expired, tries left). */
export function hasLiveCode(code: SigningPage['code'], now: number): boolean {
  return !!code && !!code.sentAt && code.triesLeft > 0 && secondsUntil(code.expiresAt, now) > 0;
}

/** The sign call's errors that the code step explains itself; any other one is shown as generic. */
export const codeErrorCodes = [
  'CODE_INVALID',
  'CODE_EXPIRED',
  'CODE_LOCKED',
  'CODE_REQUIRED',
  'CODE_RESEND_TOO_SOON',
  'CODE_SEND_LIMIT',
  'CONSENT_REQUIRED',
  'HANDWRITTEN_REQUIRED',
  'SIGNING_FAILED',
  'IMAGE_TOO_LARGE',
  'NOT_YOUR_TURN',
  'ACTION_NOT_ALLOWED',
] as const;

export function knownErrorCode(error: unknown): (typeof codeErrorCodes)[number] | undefined {
  return isApiError(error) ? codeErrorCodes.find((c) => c === error.code) : undefined;
}

/** Only http(s) addresses are followed after an action (a redirect URL is tenant data, not code). */
export function safeRedirect(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Once the last participant acted the request is `signed` (being finalised), then `completed`. */
export function outcomeTextKey(result: Pick<SigningActionResult, 'outcome' | 'requestStatus'>): string {
  if (result.requestStatus === 'completed') return 'result.completed';
  if (result.requestStatus === 'signed') return 'result.finalising';
  return `result.${result.outcome}.text`;
}

/** Face to face: the page of the participant who continues on this device after an action, or null. */
export function handOverPath(result: Pick<SigningActionResult, 'nextSigner'>): string | null {
  return result.nextSigner ? `/sign/${encodeURIComponent(result.nextSigner.token)}` : null;
}
