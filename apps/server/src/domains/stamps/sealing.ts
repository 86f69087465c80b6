import { createHash, randomUUID } from 'node:crypto';
import { describeCertificate, preparePdf, sealPdf, SigningError, type PadesLevel, type SignerIdentity } from '@paraphe/signing';
import { sealRequestSchema, type AppliedSeal, type CertificationPermission, type StampFormat } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
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
const documentCodes: ReadonlySet<string> = new Set([
  'PDF_INVALID',
  'PDF_ENCRYPTED',
  'PDF_TOO_COMPLEX',
  'PDF_FIELD_ALREADY_SIGNED',
  'PDF_MODIFICATION_FORBIDDEN',
  'UNSUPPORTED',
]);

/** Where a seal goes: a new visible field at a box, an existing (prepared) stamp field, or a new invisible field. */
type Placement =
  { kind: 'box'; page: number; box: { x: number; y: number; width: number; height: number } } | { kind: 'field'; name: string } | { kind: 'invisible' };

interface ResolvedSeal {
  account: repo.StampAccountRow;
  identity: SignerIdentity;
  placement: Placement;
}

function parseRequest(text: string | undefined) {
  let json: unknown = {};
  if (text !== undefined && text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError('VALIDATION_FAILED', 'The part "request" is not JSON.', {
        fields: [{ field: 'request', rule: 'json', message: 'The part "request" is not JSON.' }],
      });
    }
  }
  const parsed = sealRequestSchema.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => ({ field: ['request', ...issue.path].join('.'), rule: issue.code, message: issue.message }));
    throw new AppError('VALIDATION_FAILED', `The seal request is invalid: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}.`, { fields });
  }
  return parsed.data;
}

/**
 * The level of the last seal: its format's, except a P=1 certification, after which no revision may follow (not
 * even the DSS and document time-stamp): it stays B-T (docs/stamps.md, "Certification").
 */
const lastLevel = (format: StampFormat, certify: CertificationPermission | null, wanted?: PadesLevel): PadesLevel =>
  certify === 1 ? 'B-T' : (wanted ?? levelOfFormat[format]);

/**
 * Applies the seals one after the other as incremental updates (the input is a prefix of the result); the first one
 * certifies when asked, the last brings the file to `level`. Refusals of the engine about the file are 400 PDF_INVALID.
 */
async function applySeals(
  platform: Platform,
  pdf: Uint8Array,
  seals: ResolvedSeal[],
  o: { format: StampFormat; level: PadesLevel; certify: CertificationPermission | null; company: string; now: Date },
): Promise<Uint8Array> {
  const trust = trustServices(platform);
  const [tsa, revocation] = [await trust.tsa(), trust.revocationSource()];
  await asDocumentError(async () => {
    const boxes = seals.filter((seal) => seal.placement.kind === 'box');
    const fieldNames = new Map<ResolvedSeal, string>();
    if (boxes.length) {
      const prepared = await preparePdf(pdf, {
        fields: boxes.map((seal, i) => {
          const { page, box } = seal.placement as Extract<Placement, { kind: 'box' }>;
          return { ...box, page, name: `stamp-${i + 1}`, signerIndex: -1 };
        }),
        neutraliseActiveContent: false,
      });
      pdf = prepared.pdf;
      boxes.forEach((seal, i) => fieldNames.set(seal, prepared.fields[i]!.name));
    }
    for (const [index, seal] of seals.entries()) {
      const last = index === seals.length - 1;
      const field = seal.placement.kind === 'field' ? seal.placement.name : fieldNames.get(seal);
      pdf = await sealPdf(pdf, {
        identity: seal.identity,
        format: o.format,
        level: last ? o.level : 'B-T',
        tsa,
        revocation,
        signingTime: o.now,
        ...(index === 0 && o.certify ? { certify: o.certify } : {}),
        ...(field
          ? {
              field,
              appearance: {
                signerName: describeCertificate(seal.identity.certificate).commonName ?? o.company,
                reason: seal.account.reason || undefined,
                date: o.now,
              },
            }
          : { appearance: 'invisible' as const }),
      });
    }
  });
  return pdf;
}

type SealSource = { requestId: string } | { campaignId: string } | { operationId: string };

const appliedSeals = (seals: ResolvedSeal[], certify: CertificationPermission | null, source?: SealSource): AppliedSeal[] =>
  seals.map((seal, i) => {
    const box = seal.placement.kind === 'box' ? seal.placement : null;
    return {
      accountId: seal.account.id,
      accountLabel: seal.account.label,
      subject: seal.account.subject,
      visible: seal.placement.kind !== 'invisible',
      page: box?.page ?? null,
      box: box?.box ?? null,
      ...(i === 0 && certify ? { certify } : {}),
      ...source,
    };
  });

interface SealRecord {
  appId: string;
  /** The user who sealed (the seal screen), or the request's owner. */
  ownerUserId: string | null;
  /** The real user behind the action and their address, for the audit row (null: done by the platform). */
  auditActor: { userId: string | null; ip?: string | null };
  fileName: string;
  format: StampFormat;
  seals: AppliedSeal[];
  pdf: Uint8Array;
  testMode: boolean;
  source?: SealSource;
}

/**
 * Stores the sealed file, then in one tenant transaction its history row, the audit row and one `stamp.created`
 * event per seal (billing meters option_stamp from them). A failed transaction deletes the stored file.
 */
async function recordSeal(platform: Platform, r: SealRecord): Promise<repo.StampRow> {
  const storageKey = `${r.appId}/stamp-${randomUUID()}.pdf`;
  await platform.storage.put(storageKey, r.pdf);
  try {
    return await platform.database.inTenant(r.appId, async (tx) => {
      const row = await repo.insertStamp(tx, {
        appId: r.appId,
        createdBy: r.ownerUserId,
        fileName: r.fileName,
        format: r.format,
        accountId: r.seals[0]!.accountId,
        seals: r.seals,
        storageKey,
        sha256: createHash('sha256').update(r.pdf).digest('hex'),
        sizeBytes: r.pdf.length,
      });
      await audit(tx, {
        appId: r.appId,
        actorUserId: r.auditActor.userId,
        action: 'stamp.created',
        targetType: 'stamp',
        targetId: row.id,
        data: { fileName: row.fileName, format: row.format, seals: r.seals.length, ...r.source },
        ip: r.auditActor.ip ?? null,
      });
      await platform.events.emitMany(
        tx,
        r.seals.map((seal, sealIndex) => ({
          type: 'stamp.created' as const,
          appId: r.appId,
          actorUserId: r.auditActor.userId,
          data: { stampId: row.id, accountId: seal.accountId!, format: r.format, sealIndex, ownerUserId: r.ownerUserId, testMode: r.testMode, ...r.source },
        })),
      );
      return row;
    });
  } catch (error) {
    await platform.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

export async function sealFile(opts: Options & { file: { fileName: string; data: Uint8Array }; request?: string }): Promise<repo.StampRow> {
  const { platform, actor, file } = opts;
  const request = parseRequest(opts.request);
  const application = await platform.database.inSystem((tx) => getApplication(tx, actor.appId));
  if (request.seals.length > 1 && !application.features.multiStamp) {
    throw new AppError(
      'FEATURE_DISABLED',
      'Several seals on one file need the multi-stamp feature, which is not enabled for your account. Please contact sales.',
    );
  }
  const now = platform.clock();
  const placements = request.seals.map((p) => ({
    accountId: p.accountId ?? null,
    placement: p.visible ? { kind: 'box' as const, page: p.page, box: { x: p.x, y: p.y, width: p.width, height: p.height } } : { kind: 'invisible' as const },
  }));
  const seals = await platform.database.inTenant(actor.appId, async (tx) => {
    // Spec §5: a live seal is billed, so it waits for the billing settings, as a live send does (docs/billing.md).
    if (!application.testMode && !(await isBillingComplete(tx, actor.appId))) {
      throw new AppError(
        'BILLING_REQUIRED',
        'Sealing in live mode needs a complete billing profile: fill it in Settings → Billing (test mode can seal without one).',
      );
    }
    return resolveAccounts(tx, actor.appId, placements);
  });
  const resolved = await openSeals(platform, seals, now);
  const pdf = await applySeals(platform, file.data, resolved, {
    format: request.format,
    level: lastLevel(request.format, request.certify),
    certify: request.certify,
    company: application.company,
    now,
  });
  return recordSeal(platform, {
    appId: actor.appId,
    ownerUserId: actor.userId,
    auditActor: { userId: actor.realUserId, ip: actor.ip },
    fileName: file.fileName,
    format: request.format,
    seals: appliedSeals(resolved, request.certify),
    pdf,
    testMode: application.testMode,
  });
}

/** Each seal's account: its own (404 when not the tenant's), else the tenant's default, else 409 NO_STAMP_ACCOUNT. */
async function resolveAccounts<P>(
  tx: Tx,
  appId: string,
  placements: readonly (P & { accountId: string | null })[],
): Promise<(P & { account: repo.StampAccountRow })[]> {
  const fallback = placements.some((p) => !p.accountId) ? await repo.findDefaultAccount(tx, appId) : undefined;
  return Promise.all(
    placements.map(async (p) => {
      if (p.accountId) return { ...p, account: await requireAccount(tx, appId, p.accountId) };
      if (!fallback) throw noStampAccount();
      return { ...p, account: fallback };
    }),
  );
}

const noStampAccount = () =>
  new AppError('CONFLICT', 'No stamp account: import your certificate or create one in the stamp settings, or choose one for each seal.', {
    details: { reason: 'NO_STAMP_ACCOUNT', legacyCode: '73011' },
  });

/** Refuses an expired certificate, then opens each identity (once per process). */
async function openSeals(platform: Platform, seals: { account: repo.StampAccountRow; placement: Placement }[], now: Date): Promise<ResolvedSeal[]> {
  for (const { account } of seals) assertUsable(account, now);
  return Promise.all(seals.map(async (seal) => ({ ...seal, identity: await openAccountIdentity(platform, seal.account) })));
}

function assertUsable(account: repo.StampAccountRow, now: Date) {
  if (account.notAfter.getTime() <= now.getTime()) {
    throw new AppError(
      'CONFLICT',
      `The certificate of the stamp account "${account.label}" expired on ${account.notAfter.toISOString().slice(0, 10)}: import a new one.`,
      { details: { reason: 'STAMP_CERTIFICATE_EXPIRED' } },
    );
  }
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
  // A copy sealed for a signature request goes with the request's documents at the end of their retention (docs/gdpr.md).
  if (!(await platform.storage.exists(row.storageKey)))
    throw new AppError('DOCUMENT_PURGED', 'This sealed file was deleted with its signature request at the end of its retention period.');
  return { fileName: sealedName(row.fileName), body: await platform.storage.get(row.storageKey) };
}

/** "contrat.pdf" → "contrat-sealed.pdf". */
export const sealedName = (fileName: string) => `${fileName.replace(/\.pdf$/i, '')}-sealed.pdf`;

// ------------------------------------------------------------------ sealing a signature request's documents

/** What other domains learn of the account that seals: never its key. */
export interface SealingAccount {
  id: string;
  label: string;
  subject: string;
  issuer: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const accountField = 'optionsRequest.stampAccount';

/**
 * The stamp account that will seal a request's documents (Options.stampAccount, null = the tenant's default), in the
 * caller's transaction — the checks of a send: feature `stamp` (403), the account (a malformed id is a field error,
 * another tenant's or an unknown one 404 naming the field), a default when none is named (409 NO_STAMP_ACCOUNT),
 * a certificate still valid (409 STAMP_CERTIFICATE_EXPIRED).
 */
export async function requireSealingAccount(
  tx: Tx,
  application: { id: string; features: { stamp: boolean } },
  accountId: string | null,
  now: Date,
): Promise<repo.StampAccountRow> {
  if (!application.features.stamp) {
    throw new AppError(
      'FEATURE_DISABLED',
      'Stamping documents before signing needs the stamp feature, which is not enabled for your account. Please contact sales.',
    );
  }
  if (accountId && !uuidPattern.test(accountId)) throw fieldError(accountField, 'invalid_value', 'The stamp account is not a valid id.');
  let account: repo.StampAccountRow | undefined;
  if (accountId) {
    account = await repo.findAccount(tx, application.id, accountId);
    if (!account) {
      const message = 'The stamp account chosen for "stamp documents before signing" does not exist (deleted?): choose another one.';
      throw new AppError('NOT_FOUND', message, { fields: [{ field: accountField, rule: 'invalid_value', message }] });
    }
  } else {
    account = await repo.findDefaultAccount(tx, application.id);
    if (!account) {
      throw new AppError(
        'CONFLICT',
        'The documents must be stamped before signing, but there is no default stamp account: create or import one in the stamp settings, or choose one in the options.',
        {
          details: { reason: 'NO_STAMP_ACCOUNT', legacyCode: '73011' },
          fields: [{ field: accountField, rule: 'required', message: 'Choose a stamp account or make one the default.' }],
        },
      );
    }
  }
  assertUsable(account, now);
  return account;
}

export const sealingAccountOf = (row: repo.StampAccountRow): SealingAccount => ({ id: row.id, label: row.label, subject: row.subject, issuer: row.issuer });

export interface RequestSeal {
  stampId: string;
  /** The sealed file, kept by the stamps history (the request's version references it; see docs/stamps.md). */
  storageKey: string;
  sha256: string;
  sizeBytes: number;
  pdf: Uint8Array;
  account: SealingAccount;
}

/**
 * Seals one document of a signature request before signing (spec Options.stampBeforeSigning): the request's stamp
 * fields (signerIndex -1, already prepared in `pdf`) are filled by the stamp account, or one invisible seal when there
 * is none; the first seal certifies the document (DocMDP, P=2 by default: the signatures that follow are allowed
 * changes). PAdES B-T: the request's completion brings the signed file to B-LTA. Recorded in the stamps history
 * (one row per document, `seals[].requestId`) and metered like the seal screen (`stamp.created` → option_stamp).
 * Runs its own transactions: call it outside any.
 */
export async function sealForRequest(
  platform: Platform,
  o: {
    appId: string;
    /** The request whose document it is, or the campaign whose shared document is sealed once for all its copies. */
    source: SealSource;
    ownerUserId: string | null;
    accountId: string | null;
    fileName: string;
    pdf: Uint8Array;
    stampFields: readonly string[];
    certify?: CertificationPermission;
  },
): Promise<RequestSeal> {
  const now = platform.clock();
  const application = await platform.database.inSystem((tx) => getApplication(tx, o.appId));
  const account = await platform.database.inTenant(o.appId, (tx) => requireSealingAccount(tx, application, o.accountId, now));
  const placements: Placement[] = o.stampFields.length ? o.stampFields.map((name) => ({ kind: 'field', name })) : [{ kind: 'invisible' }];
  const seals = await openSeals(
    platform,
    placements.map((placement) => ({ account, placement })),
    now,
  );
  const certify = o.certify ?? 2;
  const pdf = await applySeals(platform, o.pdf, seals, { format: 'PADES', level: 'B-T', certify, company: application.company, now });
  const row = await recordSeal(platform, {
    appId: o.appId,
    ownerUserId: o.ownerUserId,
    auditActor: { userId: null },
    fileName: o.fileName,
    format: 'PADES',
    seals: appliedSeals(seals, certify, o.source),
    pdf,
    testMode: application.testMode,
    source: o.source,
  });
  return { stampId: row.id, storageKey: row.storageKey, sha256: row.sha256, sizeBytes: row.sizeBytes, pdf, account: sealingAccountOf(account) };
}
