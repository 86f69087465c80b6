import { HANDWRITING_LIMITS } from '@paraphe/signing';
import {
  handwrittenPngMaxBytes,
  interfaceLocaleOf,
  pathOf,
  signingPageEndpoints,
  signerDisplayName,
  type DelegateInput,
  type DelegationResult,
  type RefuseInput,
  type SigningActionResult,
  type SigningCodeState,
  type SigningPage,
} from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import {
  appendEvent,
  assertNotPurged,
  currentVersions,
  documentsOfRequests,
  ensurePrepared,
  eventsOf,
  markCodeSent,
  markSignerOpened,
  recordSignerOutcome,
  type SignatureDocumentView,
  type EventOrigin,
  type SignatureEventType,
  emitSignerEvent,
  delegateParticipant,
  delegationRefusal,
} from '../signatures/index.ts';
import { displayCompanyOf, logoPathOf } from '../tenants/index.ts';
import { assertCanAct, loadAccess, resolveLink, turnOf, type SigningAccess } from './access.ts';
import { handOverOnThisDevice } from './handover.ts';
import { checkCode, codeState, findCode, issueCode } from './codes.ts';
import { sendSigningCode } from './messages.ts';
import { signDocuments, signingMaterial, signingServices } from './sign.ts';
import { pageImageOf, pageSizesOf, type PdfVersion } from './pageImages.ts';

/** The public signing page's operations: the token is the credential, every answer re-reads the statuses. */

interface Call {
  platform: Platform;
  token: string;
  origin: EventOrigin;
  /** The tenant of the verified domain the page was opened on; null on the platform's host. */
  hostAppId: string | null;
}

async function withAccess<T>({ platform, token, hostAppId }: Call, fn: (tx: Tx, access: SigningAccess) => Promise<T>): Promise<T> {
  const link = await resolveLink(platform, token, hostAppId);
  return platform.database.inTenant(link.appId, async (tx) => fn(tx, await loadAccess(tx, platform, link)));
}

/** A failure that must still commit what it recorded (a wrong code counts): returned, thrown after commit. */
type Outcome<T> = { value: T } | { error: AppError };
const unwrap = <T>(outcome: Outcome<T>): T => {
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
};

const event = (access: SigningAccess, origin: EventOrigin, type: SignatureEventType, at: Date, data: Record<string, unknown> = {}) => ({
  appId: access.appId,
  requestId: access.ctx.request.id,
  signerId: access.signer.id,
  type,
  data,
  at,
  ...origin,
});

/**
 * What the signer sees. The page sizes of each document are read after the transaction (from their cache, or on a
 * worker thread the first time): no row lock is held while a PDF is parsed.
 */
export async function viewSigningPage(call: Call): Promise<SigningPage> {
  const { view, shown } = await readSigningPage(call);
  const sizes = await Promise.all(shown.map((version) => pageSizesOf(call.platform, version)));
  return { ...view, documents: view.documents.map((d, i) => ({ ...d, pages: sizes[i]! })) };
}

async function readSigningPage(call: Call): Promise<{ view: SigningPage; shown: PdfVersion[] }> {
  const { platform, token, origin } = call;
  return withAccess(call, async (tx, access) => {
    const { ctx, signer } = access;
    const now = platform.clock();
    // The first open is the evidence; later opens add nothing.
    if (!(await hasViewed(tx, access))) {
      await markSignerOpened(tx, platform, ctx, signer);
      await appendEvent(tx, event(access, origin, 'viewed', now));
    }
    const documents = await documentsOfRequests(tx, access.appId, [ctx.request.id]);
    const versions = await ensurePrepared(tx, platform, ctx.request, documents, ctx.request.options.language);
    const completed = ctx.request.status === 'completed';
    const turn = turnOf(access);
    const shown = documents.map((d) => ({ ...versions.get(d.id)!, appId: access.appId, pageCount: d.pageCount }));
    const view: SigningPage = {
      request: {
        label: ctx.request.label,
        status: ctx.request.status,
        level: ctx.request.level,
        testMode: ctx.request.testMode,
        expiresAt: ctx.request.expiresAt?.toISOString() ?? null,
        chainingMode: ctx.request.options.chainingMode,
      },
      tenant: { company: displayCompanyOf(ctx.application), themeColor: ctx.application.settings.themeColor, logoUrl: logoPathOf(ctx.application) ?? null },
      // The page's texts: the signer's language, or English where the interface has no translation (bg, ca, pl, ro).
      language: interfaceLocaleOf(signer.language),
      signer: {
        firstname: signer.firstname,
        lastname: signer.lastname,
        name: signerDisplayName(signer),
        role: signer.role,
        status: signer.status,
        invitationMessage: signer.invitationMessage ?? ctx.request.options.invitationMessage,
      },
      turn,
      canAct: turn === 'yourTurn',
      handwritten: ctx.request.options.handwritten,
      documents: documents.map((d) => {
        const version = versions.get(d.id)!;
        return {
          id: d.id,
          title: d.title,
          documentType: d.documentType,
          pageCount: d.pageCount,
          pages: [],
          checkBoxTexts: d.checkBoxTexts,
          fields: signer.role === 'observer' ? [] : version.fields.filter((f) => f.signerIndex === signer.signerIndex).map(({ signerIndex: _, ...f }) => f),
          url: pathOf(signingPageEndpoints.document, { token, docId: d.id }),
          pagesUrl: `${pathOf(signingPageEndpoints.document, { token, docId: d.id })}/pages/`,
          signedUrl: completed && version.kind === 'completed' ? pathOf(signingPageEndpoints.signedDocument, { token, docId: d.id }) : null,
        };
      }),
      code: signer.role === 'signer' ? codeState(signer, await findCode(tx, signer.id), now) : null,
      redirects: { success: redirects({ ctx }).successRedirection, cancel: redirects({ ctx }).cancelRedirection, fail: redirects({ ctx }).failRedirection },
      canDelegate: delegationRefusal(ctx, signer) === null,
      handedOver: handedOverOf(access),
    };
    return { view, shown };
  });
}

/** To whom and when this participant handed the request over (their delegate's row is in the request). */
function handedOverOf({ ctx, signer }: SigningAccess): SigningPage['handedOver'] {
  const delegate = ctx.signers.find((s) => s.id === signer.delegatedToSignerId);
  return signer.status === 'delegated' && delegate && signer.delegatedAt ? { toName: signerDisplayName(delegate), at: signer.delegatedAt.toISOString() } : null;
}

async function hasViewed(tx: Tx, access: SigningAccess): Promise<boolean> {
  return (await eventsOf(tx, access.appId, access.ctx.request.id)).some((e) => e.type === 'viewed' && e.signerId === access.signer.id);
}

/** The PDF to show: the prepared (or latest signed) version. */
/** The document to read as it stands now (prepared, then each signature's version): its file and what identifies it. */
export interface DocumentToShow {
  appId: string;
  fileName: string;
  storageKey: string;
  sizeBytes: number;
  /** Of the version shown: a new signature makes a new version, so page images cached under it never go stale. */
  sha256: string;
  pageCount: number;
}

export async function documentToShow(call: Call, documentId: string): Promise<DocumentToShow> {
  return withAccess(call, async (tx, access) => {
    const documents = await documentsOfRequests(tx, access.appId, [access.ctx.request.id]);
    const document = documents.find((d) => d.id === documentId);
    if (!document) throw new AppError('NOT_FOUND', 'Document not found.');
    const version = (await ensurePrepared(tx, call.platform, access.ctx.request, [document], access.ctx.request.options.language)).get(document.id)!;
    return {
      appId: access.appId,
      fileName: document.fileName,
      storageKey: version.storageKey,
      sizeBytes: version.sizeBytes,
      sha256: version.sha256,
      pageCount: document.pageCount,
    };
  });
}

/** Page `page` of the document to read, as a WebP image `width` pixels wide (same access as the document itself). */
export async function pageImage(call: Call, documentId: string, page: number, width: number): Promise<Uint8Array> {
  return pageImageOf(call.platform, await documentToShow(call, documentId), page, width);
}

/** The signed document, for any participant once the request is completed. */
export async function signedDocument(call: Call, documentId: string): Promise<{ fileName: string; storageKey: string; sizeBytes: number }> {
  return withAccess(call, async (tx, access) => {
    const document = (await documentsOfRequests(tx, access.appId, [access.ctx.request.id])).find((d) => d.id === documentId);
    if (!document) throw new AppError('NOT_FOUND', 'Document not found.');
    const version = (await currentVersions(tx, access.appId, [document.id])).get(document.id);
    if (access.ctx.request.status !== 'completed' || version?.kind !== 'completed') throw new AppError('DOCUMENT_NOT_READY');
    assertNotPurged(access.ctx.request.documentsPurgedAt);
    return { fileName: document.fileName, storageKey: version.storageKey, sizeBytes: version.sizeBytes };
  });
}

export async function requestSigningCode(call: Call): Promise<SigningCodeState> {
  const { platform, origin } = call;
  return withAccess(call, async (tx, access) => {
    assertCanAct(access, 'signer');
    // No code for documents that cannot be signed: preparing them now (once) fails with DOCUMENT_UNSIGNABLE first.
    const documents = (await documentsOfRequests(tx, access.appId, [access.ctx.request.id])).filter((d) => d.documentType !== 'pdf-for-presentation');
    await ensurePrepared(tx, platform, access.ctx.request, documents, access.ctx.request.options.language);
    const now = platform.clock();
    const { code, row } = await issueCode(tx, access.appId, access.signer, now);
    await sendSigningCode(tx, platform, access, code, row.channel);
    await markCodeSent(tx, access.ctx, access.signer);
    await appendEvent(tx, event(access, origin, 'code_sent', now, { channel: row.channel, sendsInWindow: row.sendsInWindow }));
    return codeState(access.signer, row, now);
  });
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const notPng = () =>
  new AppError('VALIDATION_FAILED', 'The handwritten signature must be a PNG image of at most 512 KB.', {
    fields: [{ field: 'handwrittenPng', rule: 'invalid_value', message: 'PNG image, at most 512 KB.' }],
  });

/**
 * The handwritten PNG, checked on its header before anything is decoded: at most 512 KB, and within the engine's
 * HANDWRITING_LIMITS (pixels a side, pixels in all) — a 17 KB PNG can announce 12000 × 12000 pixels.
 */
export function decodePng(base64: string | null): Uint8Array | null {
  if (!base64) return null;
  const bytes = Buffer.from(base64.replace(/^data:image\/png;base64,/, ''), 'base64');
  if (bytes.length > handwrittenPngMaxBytes || bytes.length < 33 || !bytes.subarray(0, 8).equals(pngSignature) || bytes.toString('latin1', 12, 16) !== 'IHDR')
    throw notPng();
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const { maxSide, maxPixels } = HANDWRITING_LIMITS;
  if (!width || !height || width > maxSide || height > maxSide || width * height > maxPixels) {
    throw new AppError(
      'IMAGE_TOO_LARGE',
      `The handwritten signature image is ${width}×${height} pixels: at most ${maxSide} pixels a side and ${maxPixels.toLocaleString('en')} pixels in all are accepted. Draw it again.`,
      {
        details: { width, height, maxSide, maxPixels },
        fields: [{ field: 'handwrittenPng', rule: 'invalid_value', message: `At most ${maxSide} × ${Math.floor(maxPixels / maxSide)} pixels.` }],
      },
    );
  }
  return bytes;
}

/** Every consent of every document the signer signs is given; a declined optional document asks none. */
function assertConsents(documents: SignatureDocumentView[], consents: boolean[][], declined: ReadonlySet<string>) {
  const missing = documents.some(
    (d, i) => !declined.has(d.id) && d.checkBoxTexts.length > 0 && !(consents[i]?.length === d.checkBoxTexts.length && consents[i]!.every(Boolean)),
  );
  if (missing) throw new AppError('CONSENT_REQUIRED');
}

/**
 * The signer's choice on each optional document (`pdf-optional`) holding one of their fields: signed when its id is
 * in `toSign`, else declined. An id that is not such a document is refused, naming it: the choice must be exact.
 */
function optionalChoices(documents: SignatureDocumentView[], signerIndex: number, toSign: readonly string[]) {
  const optional = documents.filter((d) => d.documentType === 'pdf-optional' && d.fields.some((f) => f.signerIndex === signerIndex));
  const wrong = toSign.filter((id) => !optional.some((d) => d.id === id));
  if (wrong.length) {
    const named = wrong.map((id) => documents.find((d) => d.id === id)?.fileName ?? id).join(', ');
    const message = `Only your optional documents can be chosen; not ${named}.`;
    throw new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'optionalDocumentsToSign', rule: 'invalid_value', message }] });
  }
  const choices = optional.map((d) => ({ id: d.id, title: d.title, signed: toSign.includes(d.id) }));
  return { choices, declined: new Set(choices.filter((c) => !c.signed).map((c) => c.id)) };
}

/** The request's redirections, else the tenant's default ones (settings → Parameters, spec §3). */
const redirects = ({ ctx }: Pick<SigningAccess, 'ctx'>) => {
  const options = ctx.request.options;
  const tenant = ctx.application.settings;
  return {
    successRedirection: options.successRedirection ?? tenant.successRedirection ?? null,
    cancelRedirection: options.cancelRedirection ?? tenant.cancelRedirection ?? null,
    failRedirection: options.failRedirection ?? tenant.failRedirection ?? null,
  };
};

export async function signAsSigner(
  call: Call,
  input: { code: string; consents: boolean[][]; optionalDocumentsToSign: string[]; handwrittenPng: string | null },
): Promise<SigningActionResult> {
  const { platform, origin } = call;
  const handwrittenPng = decodePng(input.handwrittenPng);
  const link = await resolveLink(platform, call.token, call.hostAppId);
  // The CA and the TSA first, outside the transaction (see signingServices).
  const services = await signingServices(platform).catch((error: unknown) => {
    throw new AppError('SIGNING_FAILED', undefined, { cause: error });
  });
  const outcome = await platform.database.inTenant(link.appId, async (tx): Promise<Outcome<SigningActionResult>> => {
    const access = await loadAccess(tx, platform, link);
    assertCanAct(access, 'signer');
    const { ctx } = access;
    // A level-3 signer without a usable certificate is told so (403), before anything else is checked.
    const material = await signingMaterial(tx, platform, services, ctx.application, ctx.request, access.signer);
    const documents = await documentsOfRequests(tx, access.appId, [ctx.request.id]);
    const optional = optionalChoices(documents, access.signer.signerIndex, input.optionalDocumentsToSign);
    assertConsents(documents, input.consents, optional.declined);
    if (ctx.request.options.handwritten === 'touchOnly' && !handwrittenPng) throw new AppError('HANDWRITTEN_REQUIRED');
    // A document that cannot be prepared says so (DOCUMENT_UNSIGNABLE) before the code is looked at.
    const signable = documents.filter((d) => d.documentType !== 'pdf-for-presentation');
    const current = await ensurePrepared(tx, platform, ctx.request, signable, ctx.request.options.language);
    const now = platform.clock();
    const check = await checkCode(tx, access.signer.id, input.code, now);
    if (!check.ok) {
      await appendEvent(tx, event(access, origin, 'code_failed', now, { error: check.error.code }));
      return { error: check.error };
    }
    await appendEvent(tx, event(access, origin, 'code_checked', now, { channel: check.channel }));
    const signed = await signDocuments(tx, platform, access, material, {
      handwrittenPng: ctx.request.options.handwritten === 'disabled' ? null : handwrittenPng,
      now,
      code: input.code,
      declined: optional.declined,
      prepared: { documents: signable, current },
    });
    await appendEvent(
      tx,
      event(access, origin, 'signed', now, {
        level: ctx.request.level,
        certificate: material.certificateKind,
        certificates: signed.flatMap((s) => s.certificateSerials),
        ...(material.qualified
          ? { qualifiedCertificate: `qualified certificate ${material.qualified.serialNumber} issued by ${material.qualified.issuer}` }
          : {}),
        handwritten: !!handwrittenPng && ctx.request.options.handwritten !== 'disabled',
        consents: documents.filter((d) => !optional.declined.has(d.id)).flatMap((d) => d.checkBoxTexts),
        documents: signed.map((s) => ({ id: s.document.id, sha256: s.version.sha256 })),
        ...(optional.choices.length ? { optionalDocuments: optional.choices } : {}),
      }),
    );
    await emitSignerEvent(tx, platform, ctx.request, access.signer, 'signature.signer_signed', {
      handwritten: !!handwrittenPng && ctx.request.options.handwritten !== 'disabled',
      documentCount: signed.length,
    });
    const status = await recordSignerOutcome(tx, platform, ctx, access.signer.id, 'signed', { now });
    return {
      value: await handOverOnThisDevice(tx, platform, access, { outcome: 'signed', requestStatus: status, redirectUrl: redirects(access).successRedirection }),
    };
  });
  return unwrap(outcome);
}

/** A signer refuses, a validator rejects: the request is refused, the requester notified. */
export async function refuse(call: Call, role: 'signer' | 'validator', input: RefuseInput): Promise<SigningActionResult> {
  return withAccess(call, async (tx, access) => {
    assertCanAct(access, role);
    const now = call.platform.clock();
    await appendEvent(tx, event(access, call.origin, role === 'signer' ? 'refused' : 'rejected', now, { comment: input.comment }));
    await recordSignerOutcome(tx, call.platform, access.ctx, access.signer.id, 'refused', { comment: input.comment, now });
    return { outcome: role === 'signer' ? 'refused' : 'rejected', requestStatus: 'refused', redirectUrl: redirects(access).cancelRedirection };
  });
}

export async function approve(call: Call, comment: string | null): Promise<SigningActionResult> {
  return withAccess(call, async (tx, access) => {
    assertCanAct(access, 'validator');
    const now = call.platform.clock();
    await appendEvent(tx, event(access, call.origin, 'approved', now, comment ? { comment } : {}));
    await emitSignerEvent(tx, call.platform, access.ctx.request, access.signer, 'signature.signer_approved', {});
    const status = await recordSignerOutcome(tx, call.platform, access.ctx, access.signer.id, 'signed', { now });
    return handOverOnThisDevice(tx, call.platform, access, { outcome: 'approved', requestStatus: status, redirectUrl: redirects(access).successRedirection });
  });
}

/** The participant hands the request over (option allowDelegation): signatures/delegation.ts does the rest. */
export async function delegate(call: Call, input: Omit<DelegateInput, 'mobile'> & { mobile: string | null }): Promise<DelegationResult> {
  return withAccess(call, (tx, access) => delegateParticipant(tx, call.platform, access.ctx, access.signer.id, input, call.origin));
}
