import { isSigningError, signPdf, type SignerIdentity, type TimestampAuthority } from '@paraphe/signing';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { trustServices } from '../pki/service.ts';
import type { ApplicationRow } from '../auth/repository.ts';
import * as repo from '../signatures/repository.ts';
import type { SigningAccess } from './access.ts';
import { addVersion, ensurePrepared, type VersionRow } from './versions.ts';

/**
 * Applying a signer's signature, on the server only. Level 1: the tenant's seal certificate, the signer's name
 * in the visible appearance and the reason. Level 2: a certificate issued to the signer for this session by the
 * platform CA, with a P-256 key: generated in well under a millisecond (RSA-2048: 40–95 ms, on the request path),
 * accepted by poppler/NSS, Adobe and the EU DSS validator. Every signature is B-T (time-stamped by the platform
 * TSA), incremental on the current version; the first one of a document certifies it (DocMDP P=2).
 */

export interface SigningMaterial {
  identity: SignerIdentity;
  tsa: TimestampAuthority;
}

/**
 * Fetched before the signing transaction: the trust services read and write their own rows (first CA use, seal
 * renewal) in separate transactions, which must not nest inside ours (PGlite has one connection).
 */
export async function signingMaterial(platform: Platform, application: ApplicationRow, request: Pick<repo.RequestRow, 'level'>, signer: repo.SignerRow): Promise<SigningMaterial> {
  const trust = trustServices(platform);
  const identity =
    request.level === 1
      ? await trust.tenantSealIdentity(application.id, application.company)
      : await trust.signerIdentity({ firstName: signer.firstname, lastName: signer.lastname, email: signer.email, keyAlgorithm: 'P-256', validityMinutes: 60 });
  return { identity, tsa: await trust.tsa() };
}

const reasons: Record<string, (name: string, company: string) => string> = {
  fr: (name, company) => `Signé électroniquement par ${name} (${company})`,
  en: (name, company) => `Signed electronically by ${name} (${company})`,
};

export function asSigningFailure(error: unknown): never {
  if (isSigningError(error) && (error.code === 'TSA_UNAVAILABLE' || error.code === 'TSA_RESPONSE_INVALID')) {
    throw new AppError('SIGNING_FAILED', 'The time-stamping authority did not answer: nothing was signed. Try again in a few minutes.', { cause: error });
  }
  if (isSigningError(error)) throw new AppError('SIGNING_FAILED', `The signature could not be applied (${error.code}).`, { cause: error });
  throw error;
}

/** Signs every field of this signer on every document that has one; returns the new versions. */
export async function signDocuments(
  tx: Tx,
  platform: Platform,
  access: SigningAccess,
  material: SigningMaterial,
  opts: { handwrittenPng: Uint8Array | null; now: Date },
): Promise<{ document: repo.DocumentWithFields; version: VersionRow }[]> {
  const { ctx, signer } = access;
  const documents = (await repo.documentsOf(tx, access.appId, [ctx.request.id])).filter((d) => d.documentType !== 'pdf-for-presentation');
  const current = await ensurePrepared(tx, platform, ctx.request, documents, ctx.request.options.language);
  const name = `${signer.firstname} ${signer.lastname}`;
  const reason = (reasons[ctx.request.options.language] ?? reasons.en!)(name, ctx.application.company);
  const signed: { document: repo.DocumentWithFields; version: VersionRow }[] = [];
  for (const document of documents) {
    const previous = current.get(document.id)!;
    const fields = previous.fields.filter((f) => f.signerIndex === signer.signerIndex);
    if (!fields.length) continue;
    let pdf: Uint8Array = await platform.storage.get(previous.storageKey);
    let certify = previous.kind === 'prepared';
    try {
      for (const field of fields) {
        pdf = await signPdf(pdf, {
          field: field.name,
          signer: material.identity,
          level: 'B-T',
          tsa: material.tsa,
          certify,
          signingTime: opts.now,
          appearance: { signerName: name, reason, date: opts.now, ...(opts.handwrittenPng ? { handwrittenPng: opts.handwrittenPng } : {}) },
        });
        certify = false;
      }
    } catch (error) {
      asSigningFailure(error);
    }
    signed.push({ document, version: await addVersion(tx, platform, previous, document, 'signed', pdf, { signerId: signer.id }) });
  }
  return signed;
}
