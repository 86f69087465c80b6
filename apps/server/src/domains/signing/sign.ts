import {
  describeCertificate,
  isSigningError,
  signPdf,
  signPdfParts,
  withOneTimeIdentity,
  type SignPdfOptions,
  type CmsSigner,
  type OneTimeIdentity,
  type TimestampAuthority,
} from '@paraphe/signing';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { authorizeQualifiedSignature, qualifiedCredentialOf, type QualifiedCredential } from '../certificates/index.ts';
import { trustServices } from '../pki/index.ts';
import type { ApplicationView } from '../tenants/index.ts';
import {
  addVersion,
  documentsOfRequests,
  documentUnsignable,
  ensurePrepared,
  type SignatureDocumentView,
  type SignatureRequestView,
  type SignerView,
  type DocumentVersionView,
} from '../signatures/index.ts';
import type { SigningAccess } from './access.ts';

/**
 * Applying a signer's signature, on the server only. Every signature gets its own certificate with a fresh key
 * destroyed right after signing (docs/trust-services.md): level 1, a one-time certificate of the tenant
 * organisation naming the signer; level 2, a one-time certificate of the signer. Both are valid for years, so
 * that viewers which check at the current time (poppler: Evince, Okular) keep showing them valid, and no two
 * signatures share a certificate (poppler reports "Unknown issue" from a certificate's second use on). P-256
 * keys: generated in well under a millisecond (RSA-2048: 40–95 ms, on the request path). Every signature is B-T
 * (time-stamped by the platform TSA), incremental on the current version; the first one of a document
 * certifies it (DocMDP P=2).
 */

export interface SigningMaterial {
  /** Levels 1 and 2: a new one-time identity per signature field. */
  issueIdentity: () => Promise<OneTimeIdentity>;
  /** Level 3: the signer's qualified certificate, unlocked in the signing transaction after the code (docs/qualified.md). */
  qualified?: QualifiedCredential;
  /** What the evidence says about the certificates: 'one-time-simple' (level 1), 'one-time-signer' (level 2), 'qualified' (level 3). */
  certificateKind: 'one-time-simple' | 'one-time-signer' | 'qualified';
  tsa: TimestampAuthority;
}

const noOneTimeIdentity = (): Promise<OneTimeIdentity> => Promise.reject(new Error('level 3 signs with the qualified certificate'));

const certificateDescriptions: Record<string, (company: string, signer: string) => string> = {
  fr: (company, signer) => `Cachet à usage unique de ${company} pour la signature électronique simple de ${signer}`,
  en: (company, signer) => `One-time seal of ${company} for the simple electronic signature of ${signer}`,
};

/**
 * The trust services' part, fetched before the signing transaction: the CA and the TSA read and write their own rows
 * (first use, renewal), which must not nest inside ours (PGlite has one connection). Warm, it reads nothing.
 */
export async function signingServices(platform: Platform): Promise<{ trust: ReturnType<typeof trustServices>; tsa: TimestampAuthority }> {
  const trust = trustServices(platform);
  await trust.authority();
  return { trust, tsa: await trust.tsa() };
}

/**
 * What signs for this signer, in the signing transaction (the request and signer it loaded): issuing a one-time
 * certificate afterwards is CPU only; level 3 reads the signer's qualified certificate here.
 */
export async function signingMaterial(
  tx: Tx,
  platform: Platform,
  services: Awaited<ReturnType<typeof signingServices>>,
  application: ApplicationView,
  request: Pick<SignatureRequestView, 'level' | 'options'>,
  signer: SignerView,
): Promise<SigningMaterial> {
  const { trust, tsa } = services;
  const name = `${signer.firstname} ${signer.lastname}`.trim();
  const describe = certificateDescriptions[request.options.language] ?? certificateDescriptions.en!;
  if (request.level === 3) {
    const qualified = await qualifiedCredentialOf(tx, application.id, signer.email, platform.clock());
    return { tsa, certificateKind: 'qualified', qualified, issueIdentity: noOneTimeIdentity };
  }
  if (request.level === 1) {
    return {
      tsa,
      certificateKind: 'one-time-simple',
      issueIdentity: () => trust.simpleSignatureIdentity(application.company, name, describe(application.company, name)),
    };
  }
  return {
    tsa,
    certificateKind: 'one-time-signer',
    issueIdentity: () => trust.signerIdentity({ firstName: signer.firstname, lastName: signer.lastname, email: signer.email, keyAlgorithm: 'P-256' }),
  };
}

const reasons: Record<string, (name: string, company: string) => string> = {
  fr: (name, company) => `Signé électroniquement par ${name} (${company})`,
  en: (name, company) => `Signed electronically by ${name} (${company})`,
};

/** Engine codes that mean "this document cannot take the signature" rather than a passing failure. */
const documentCodes: ReadonlySet<string> = new Set([
  'PDF_INVALID',
  'PDF_ENCRYPTED',
  'PDF_TOO_COMPLEX',
  'PDF_FIELD_NOT_FOUND',
  'PDF_FIELD_ALREADY_SIGNED',
  'PDF_MODIFICATION_FORBIDDEN',
]);

/**
 * Every failure of the signing engine as a typed AppError, never a 500: the handwritten image over its bounds →
 * IMAGE_TOO_LARGE (400), an unreadable handwritten image → VALIDATION_FAILED (400), a document the engine cannot
 * sign → DOCUMENT_UNSIGNABLE (422, when the document is known), anything else (time-stamping authority, CMS,
 * certificates, an unexpected engine error) → SIGNING_FAILED (502: nothing was signed, try again).
 */
export function asSigningFailure(error: unknown, document?: { id: string; title: string }): never {
  if (error instanceof AppError) throw error;
  if (isSigningError(error) && (error.code === 'TSA_UNAVAILABLE' || error.code === 'TSA_RESPONSE_INVALID')) {
    throw new AppError('SIGNING_FAILED', 'The time-stamping authority did not answer: nothing was signed. Try again in a few minutes.', { cause: error });
  }
  if (isSigningError(error) && error.code === 'IMAGE_TOO_LARGE') {
    throw new AppError('IMAGE_TOO_LARGE', `${error.message}. Draw it again.`, { details: error.details, cause: error });
  }
  if (isSigningError(error) && error.code === 'UNSUPPORTED' && /handwritten/i.test(error.message)) {
    throw new AppError('VALIDATION_FAILED', 'The handwritten signature is not a readable PNG image: draw it again.', {
      fields: [{ field: 'handwrittenPng', rule: 'invalid_value', message: 'Not a readable PNG image.' }],
      cause: error,
    });
  }
  if (document && isSigningError(error) && documentCodes.has(error.code)) throw documentUnsignable(document, error);
  if (isSigningError(error)) throw new AppError('SIGNING_FAILED', `The signature could not be applied (${error.code}).`, { cause: error });
  throw new AppError('SIGNING_FAILED', undefined, { cause: error });
}

/**
 * Signs every field of this signer on every document that has one, except the optional ones declined; returns the new versions. Level 3: the
 * qualified certificate is authorized here, inside the signing transaction and after the code check (`code`),
 * for exactly the fields to sign; the key is never opened elsewhere.
 */
export async function signDocuments(
  tx: Tx,
  platform: Platform,
  access: SigningAccess,
  material: SigningMaterial,
  opts: {
    handwrittenPng: Uint8Array | null;
    now: Date;
    code: string;
    declined?: ReadonlySet<string>;
    /** The request's documents and their current versions, when the caller has just read them (else read here). */
    prepared?: { documents: SignatureDocumentView[]; current: Map<string, DocumentVersionView> };
  },
): Promise<{ document: SignatureDocumentView; version: DocumentVersionView; certificateSerials: string[] }[]> {
  const { ctx, signer } = access;
  const documents =
    opts.prepared?.documents ?? (await documentsOfRequests(tx, access.appId, [ctx.request.id])).filter((d) => d.documentType !== 'pdf-for-presentation');
  const current = opts.prepared?.current ?? (await ensurePrepared(tx, platform, ctx.request, documents, ctx.request.options.language));
  const name = `${signer.firstname} ${signer.lastname}`;
  const reason = (reasons[ctx.request.options.language] ?? reasons.en!)(name, ctx.application.company);
  const plan = documents
    .map((document) => ({
      document,
      previous: current.get(document.id)!,
      fields: current.get(document.id)!.fields.filter((f) => f.signerIndex === signer.signerIndex),
    }))
    // An optional document the signer chose not to sign keeps its empty field (the evidence records the choice).
    .filter((p) => p.fields.length && !opts.declined?.has(p.document.id));
  const qualified = material.qualified
    ? {
        serial: material.qualified.serialNumber,
        signer: await authorizeQualifiedSignature(tx, platform, {
          appId: access.appId,
          certificateId: material.qualified.certificateId,
          email: signer.email,
          otp: opts.code,
          numSignatures: plan.reduce((n, p) => n + p.fields.length, 0),
        }),
      }
    : null;
  const signed: { document: SignatureDocumentView; version: DocumentVersionView; certificateSerials: string[] }[] = [];
  for (const { document, previous, fields } of plan) {
    let pdf: Uint8Array = await platform.storage.get(previous.storageKey);
    let certify = previous.kind === 'prepared';
    const certificateSerials: string[] = [];
    const options = (field: string, identity: CmsSigner): SignPdfOptions => ({
      field,
      signer: identity,
      level: 'B-T',
      tsa: material.tsa,
      certify,
      signingTime: opts.now,
      appearance: { signerName: name, reason, date: opts.now, ...(opts.handwrittenPng ? { handwrittenPng: opts.handwrittenPng } : {}) },
    });
    // Each field but the last signs into one buffer (the next signature reads it); the last one's file stays as the
    // engine's chunks, hashed and stored without being joined (issue 28.3).
    let output: Awaited<ReturnType<typeof signPdfParts>> | undefined;
    const signField = async (field: string, identity: CmsSigner, last: boolean) => {
      if (last) output = await signPdfParts(pdf, options(field, identity));
      else pdf = await signPdf(pdf, options(field, identity));
    };
    try {
      for (const [i, field] of fields.entries()) {
        const last = i === fields.length - 1;
        if (qualified) {
          certificateSerials.push(qualified.serial);
          await signField(field.name, qualified.signer, last);
        } else {
          // One certificate per field; its key is destroyed as soon as the field is signed.
          await withOneTimeIdentity(material.issueIdentity(), async (identity) => {
            certificateSerials.push(describeCertificate(identity.certificate).serialHex);
            await signField(field.name, identity, last);
          });
        }
        certify = false;
      }
    } catch (error) {
      asSigningFailure(error, document);
    }
    const version = await addVersion(tx, platform, previous, document, 'signed', output!, { signerId: signer.id });
    signed.push({ document, version, certificateSerials });
  }
  return signed;
}
