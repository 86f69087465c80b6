import { createHash, randomUUID } from 'node:crypto';
import {
  describeCertificate, preparePdf, sealPdf, SigningError, type PadesLevel, type SignerIdentity,
} from '@paraphe/signing';
import { sealRequestSchema, type AppliedSeal, type StampFormat } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { isBillingComplete } from '../billing/index.ts';
import { trustServices } from '../pki/index.ts';
import { getApplication } from '../tenants/index.ts';
import { requireAccount } from './accounts.ts';
import { openAccountIdentity } from './identities.ts';
import * as repo from './repository.ts';

/**
 * Sealing a file (spec §2 `cachet/new`): the seals asked for, applied one after the other as incremental updates;
 * the last one brings the file to its format's level (the DSS then covers every seal). docs/stamps.md.
 */
interface Options {
  platform: Platform;
  actor: Actor;
}

/** What each format means for our engine (docs/stamps.md, "Formats"). */
export const levelOfFormat: Record<StampFormat, PadesLevel> = { PADES: 'B-LTA', 'PADES-COMP': 'B-LTA', 'ISO-32000-1': 'B-T' };

/** Engine codes that say the file is the problem (not the server). */
const documentCodes: ReadonlySet<string> = new Set(['PDF_INVALID', 'PDF_ENCRYPTED', 'PDF_TOO_COMPLEX', 'PDF_FIELD_ALREADY_SIGNED', 'PDF_MODIFICATION_FORBIDDEN', 'UNSUPPORTED']);

interface ResolvedSeal {
  account: repo.StampAccountRow;
  identity: SignerIdentity;
  visible: boolean;
  page: number;
  box: { x: number; y: number; width: number; height: number };
}

function parseRequest(text: string | undefined) {
  let json: unknown = {};
  if (text !== undefined && text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError('VALIDATION_FAILED', 'The part "request" is not JSON.', { fields: [{ field: 'request', rule: 'json', message: 'The part "request" is not JSON.' }] });
    }
  }
  const parsed = sealRequestSchema.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => ({ field: ['request', ...issue.path].join('.'), rule: issue.code, message: issue.message }));
    throw new AppError('VALIDATION_FAILED', `The seal request is invalid: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}.`, { fields });
  }
  return parsed.data;
}

export async function sealFile(opts: Options & { file: { fileName: string; data: Uint8Array }; request?: string }): Promise<repo.StampRow> {
  const { platform, actor, file } = opts;
  const request = parseRequest(opts.request);
  const application = await platform.database.inSystem((tx) => getApplication(tx, actor.appId));
  if (request.seals.length > 1 && !application.features.multiStamp) {
    throw new AppError('FEATURE_DISABLED', 'Several seals on one file need the multi-stamp feature, which is not enabled for your account. Please contact sales.');
  }
  const now = platform.clock();
  const seals = await resolveSeals(platform, actor.appId, request.seals, now, application.testMode);
  const trust = trustServices(platform);
  const [tsa, revocation] = [await trust.tsa(), trust.revocationSource()];

  let pdf = file.data;
  const level = levelOfFormat[request.format];
  await asDocumentError(async () => {
    const visible = seals.filter((seal) => seal.visible);
    const fieldNames = new Map<ResolvedSeal, string>();
    if (visible.length) {
      const prepared = await preparePdf(pdf, {
        fields: visible.map((seal, i) => ({ ...seal.box, page: seal.page, name: `stamp-${i + 1}`, signerIndex: -1 })),
        neutraliseActiveContent: false,
      });
      pdf = prepared.pdf;
      visible.forEach((seal, i) => fieldNames.set(seal, prepared.fields[i]!.name));
    }
    for (const [index, seal] of seals.entries()) {
      const last = index === seals.length - 1;
      const field = fieldNames.get(seal);
      pdf = await sealPdf(pdf, {
        identity: seal.identity,
        format: request.format,
        level: last ? level : 'B-T',
        tsa,
        revocation,
        signingTime: now,
        ...(field
          ? { field, appearance: { signerName: describeCertificate(seal.identity.certificate).commonName ?? application.company, reason: seal.account.reason || undefined, date: now } }
          : { appearance: 'invisible' as const }),
      });
    }
  });

  const storageKey = `${actor.appId}/stamp-${randomUUID()}.pdf`;
  await platform.storage.put(storageKey, pdf);
  const applied: AppliedSeal[] = seals.map((seal) => ({
    accountId: seal.account.id, accountLabel: seal.account.label, subject: seal.account.subject, visible: seal.visible,
    page: seal.visible ? seal.page : null, box: seal.visible ? seal.box : null,
  }));
  try {
    return await platform.database.inTenant(actor.appId, async (tx) => {
      const row = await repo.insertStamp(tx, {
        appId: actor.appId, createdBy: actor.userId, fileName: file.fileName, format: request.format, accountId: seals[0]!.account.id,
        seals: applied, storageKey, sha256: createHash('sha256').update(pdf).digest('hex'), sizeBytes: pdf.length,
      });
      await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'stamp.created', targetType: 'stamp', targetId: row.id, data: { fileName: row.fileName, format: row.format, seals: applied.length }, ip: actor.ip });
      await platform.events.emitMany(tx, seals.map((seal, sealIndex) => ({
        type: 'stamp.created' as const, appId: actor.appId, actorUserId: actor.realUserId,
        data: { stampId: row.id, accountId: seal.account.id, format: request.format, sealIndex, ownerUserId: actor.userId, testMode: application.testMode },
      })));
      return row;
    });
  } catch (error) {
    await platform.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** Each seal's account (its own, else the tenant's default), usable now, and its identity (opened once per process). */
async function resolveSeals(platform: Platform, appId: string, placements: ReturnType<typeof parseRequest>['seals'], now: Date, testMode: boolean): Promise<ResolvedSeal[]> {
  const accounts = await platform.database.inTenant(appId, async (tx) => {
    // Spec §5: a live seal is billed, so it waits for the billing settings, as a live send does (docs/billing.md).
    if (!testMode && !(await isBillingComplete(tx, appId))) {
      throw new AppError('BILLING_REQUIRED', 'Sealing in live mode needs a complete billing profile: fill it in Settings → Billing (test mode can seal without one).');
    }
    const fallback = placements.some((p) => !p.accountId) ? await repo.findDefaultAccount(tx, appId) : undefined;
    return Promise.all(placements.map(async (p) => {
      if (p.accountId) return requireAccount(tx, appId, p.accountId);
      if (!fallback) {
        throw new AppError('CONFLICT', 'No stamp account: import your certificate or create one in the stamp settings, or choose one for each seal.', { details: { reason: 'NO_STAMP_ACCOUNT', legacyCode: '73011' } });
      }
      return fallback;
    }));
  });
  for (const account of accounts) {
    if (account.notAfter.getTime() <= now.getTime()) {
      throw new AppError('CONFLICT', `The certificate of the stamp account "${account.label}" expired on ${account.notAfter.toISOString().slice(0, 10)}: import a new one.`, { details: { reason: 'STAMP_CERTIFICATE_EXPIRED' } });
    }
  }
  return Promise.all(placements.map(async (p, i) => ({
    account: accounts[i]!,
    identity: await openAccountIdentity(platform, accounts[i]!),
    visible: p.visible,
    page: p.page,
    box: { x: p.x, y: p.y, width: p.width, height: p.height },
  })));
}

/** A file the engine refuses is the client's (400 PDF_INVALID, with the engine's reason); anything else is ours. */
async function asDocumentError(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof SigningError && documentCodes.has(error.code)) {
      throw new AppError('PDF_INVALID', `This PDF cannot be sealed: ${error.message}.`, { details: { reason: error.code }, cause: error });
    }
    throw error;
  }
}

export async function stampHistory({ platform, actor, query }: Options & { query: { limit: number; offset: number; order: 'ASC' | 'DESC' } }) {
  return platform.database.inTenant(actor.appId, (tx) => repo.stampPage(tx, actor.appId, query));
}

export async function sealedFile({ platform, actor, id }: Options & { id: string }): Promise<{ fileName: string; body: Buffer }> {
  const row = await platform.database.inTenant(actor.appId, (tx) => repo.findStamp(tx, actor.appId, id));
  if (!row) throw notFound('Sealed file');
  return { fileName: sealedName(row.fileName), body: await platform.storage.get(row.storageKey) };
}

/** "contrat.pdf" → "contrat-sealed.pdf". */
export const sealedName = (fileName: string) => `${fileName.replace(/\.pdf$/i, '')}-sealed.pdf`;
