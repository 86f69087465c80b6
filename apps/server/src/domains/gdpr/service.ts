import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { evidenceMinimumMonths, type GdprCounts, type GdprRequest, type GdprRetention, type GdprSettings } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { eraseSignatoriesOf, unsentSignatoriesOf } from '../campaigns/index.ts';
import { eraseContactsOfEmail } from '../contacts/index.ts';
import { eraseOrderSignersOf, unsentOrdersOf } from '../operations/index.ts';
import { eraseTemplatePrefillsOf } from '../request-templates/index.ts';
import { eraseSigner, unfinishedRequestsOf } from '../signatures/index.ts';
import { displayNamesOf } from '../users/index.ts';
import { exportQueue, type ExportJob } from './export.ts';
import * as repo from './repository.ts';

interface Options {
  platform: Platform;
  actor: Actor;
}

/** j•••@example.com: enough for the history to be read, not enough to keep the address of an erased person. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

function presentSettings(row: repo.GdprSettingsRow | undefined): GdprSettings {
  return {
    ...repo.retentionOf(row),
    evidenceMinimumMonths,
    updatedAt: row?.updatedAt?.toISOString() ?? null,
    lastPurgeAt: row?.lastPurgeAt?.toISOString() ?? null,
  };
}

export async function getSettings(opts: Options): Promise<GdprSettings> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => presentSettings(await repo.findSettings(tx, actor.appId)));
}

export async function updateSettings(opts: Options & { retention: GdprRetention }): Promise<GdprSettings> {
  const { platform, actor, retention } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const before = repo.retentionOf(await repo.findSettings(tx, actor.appId));
    const row = await repo.saveSettings(tx, actor.appId, retention, actor.realUserId, platform.clock());
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'gdpr.settings_updated',
      targetType: 'application',
      targetId: actor.appId,
      data: { before, after: retention },
      ip: actor.ip,
    });
    return presentSettings(row);
  });
}

async function present(tx: Tx, rows: repo.GdprRequestRow[]): Promise<GdprRequest[]> {
  const names = await displayNamesOf(
    tx,
    rows.flatMap((r) => (r.requestedBy ? [r.requestedBy] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    subject: r.subjectHint,
    requestedBy: r.requestedBy ? { id: r.requestedBy, name: names.get(r.requestedBy) ?? '' } : null,
    counts: r.counts,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
  }));
}

export async function listRequests(opts: Options & { page: { limit: number; offset: number } }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const { rows, total } = await repo.listRequests(tx, actor.appId, opts.page);
    return { items: await present(tx, rows), total };
  });
}

/** A subject access request: recorded, then a job gathers the data into a zip and mails its link to the caller. */
export async function requestExport(opts: Options & { email: string }): Promise<GdprRequest> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await repo.insertRequest(tx, {
      appId: actor.appId,
      kind: 'export',
      status: 'queued',
      email: opts.email.toLowerCase(),
      subjectHint: maskEmail(opts.email),
      requestedBy: actor.realUserId,
    });
    await platform.jobs.enqueue(tx, exportQueue, { appId: actor.appId, gdprRequestId: row.id } satisfies ExportJob);
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'gdpr.export_requested',
      targetType: 'gdpr_request',
      targetId: row.id,
      data: { subject: row.subjectHint },
      ip: actor.ip,
    });
    return (await present(tx, [row]))[0]!;
  });
}

/**
 * Erasure (GDPR art. 17) of a person by address: their contact deleted, their signer rows in finished requests
 * pseudonymised as the purge does, the request templates' roles prefilled with them emptied. Refused (409, `details.requests`) while they are a signer of a request not
 * finished: the evidence of a signature in progress cannot lose its signer. The audit row says who asked, when
 * and how many rows changed — never the address.
 */
export async function erase(opts: Options & { email: string }): Promise<GdprRequest> {
  const { platform, actor, email } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const blocking = await unfinishedRequestsOf(tx, actor.appId, email);
    if (blocking.length) {
      const labels = blocking.map((r) => `“${r.label}” (${r.status})`).join(', ');
      throw new AppError(
        'CONFLICT',
        `This person is a signer of ${blocking.length} request(s) not finished yet: ${labels}. Wait for them to end, or cancel them, then erase.`,
        {
          details: { requests: blocking },
        },
      );
    }
    // A campaign signatory or an order not sent yet would later send their copy to nobody: removed first by the user.
    const unsent = [
      ...(await unsentSignatoriesOf(tx, actor.appId, email)).map((c) => ({ ...c, kind: 'campaign' as const })),
      ...(await unsentOrdersOf(tx, actor.appId, email)).map((o) => ({ ...o, kind: 'operation' as const })),
    ];
    if (unsent.length) {
      const labels = unsent.map((b) => `${b.kind} “${b.label}” (${b.status})`).join(', ');
      throw new AppError(
        'CONFLICT',
        `This person is in ${unsent.length} campaign(s) or operation(s) not sent to them yet: ${labels}. Remove them there (or cancel), then erase.`,
        {
          details: { batches: unsent },
        },
      );
    }
    const contacts = await eraseContactsOfEmail(tx, actor.appId, email);
    const erased = await eraseSigner(tx, platform, actor.appId, email);
    const inBatches = (await eraseSignatoriesOf(tx, actor.appId, email)) + (await eraseOrderSignersOf(tx, actor.appId, email));
    const templates = await eraseTemplatePrefillsOf(tx, actor.appId, email);
    const counts: GdprCounts = {
      contacts,
      signers: erased.signers + inBatches,
      requests: erased.requests,
      users: 0,
      documents: 0,
      messages: erased.messages,
      templates,
    };
    const now = platform.clock();
    const row = await repo.insertRequest(tx, {
      appId: actor.appId,
      kind: 'erasure',
      status: 'done',
      subjectHint: maskEmail(email),
      requestedBy: actor.realUserId,
      counts,
      completedAt: now,
    });
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'gdpr.erased',
      targetType: 'gdpr_request',
      targetId: row.id,
      // A one-way digest of the address: a second erasure of the same person can be recognised, not read.
      data: { counts, subjectDigest: createHash('sha256').update(`${actor.appId}:${email.toLowerCase()}`).digest('hex') },
      ip: actor.ip,
    });
    await platform.events.emit(tx, { type: 'gdpr.erased', appId: actor.appId, actorUserId: actor.realUserId, data: { gdprRequestId: row.id, counts } });
    return (await present(tx, [row]))[0]!;
  });
}

/** The zip behind a mailed link: LINK_INVALID for an unknown token, LINK_UNAVAILABLE once expired (30 days). */
export async function exportFile(platform: Platform, token: string): Promise<{ fileName: string; body: Readable }> {
  const hash = createHash('sha256').update(token).digest('hex');
  const row = await platform.database.inSystem((tx) => repo.findByTokenHash(tx, hash));
  if (!row || row.kind !== 'export') throw new AppError('LINK_INVALID', 'This download link is not valid.');
  if (!row.storageKey || !row.expiresAt || row.expiresAt.getTime() <= platform.clock().getTime()) {
    throw new AppError('LINK_UNAVAILABLE', 'This download link has expired: ask for a new export.', { details: { reason: 'expired' } });
  }
  return { fileName: `gdpr-export-${row.createdAt.toISOString().slice(0, 10)}.zip`, body: platform.storage.stream(row.storageKey) };
}
