import type { GdprRetention } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db/client.ts';
import { campaignsPastRetention, purgeCampaign } from '../campaigns/index.ts';
import { contactsUnchangedSince, deleteContactsById } from '../contacts/index.ts';
import { operationsPastRetention, purgeOperation } from '../operations/index.ts';
import { emailsUsedSince, purgeRequest, requestsPastRetention, type PurgeStep } from '../signatures/index.ts';
import { nextTenantIds } from '../tenants/index.ts';
import * as repo from './repository.ts';

/**
 * The nightly retention purge (docs/gdpr.md). For each tenant, by its retention periods:
 *  - finished requests past `finishedDocumentsMonths` lose their files (originals, versions, archive);
 *  - past `signerDataMonths` their signers are pseudonymised;
 *  - past `evidenceMonths` their evidence file is deleted, and the tenant's audit rows older than that;
 *  - what only a campaign or an operation holds (shared originals, merge PDFs, imports, archive; its people), by the
 *    same two periods, once it is over (campaigns/retention.ts, operations/retention.ts);
 *  - address-book contacts unchanged and unused as a signer for `staleContactsMonths` are deleted;
 *  - exports whose link expired lose their file and the address.
 * Each request step is its own transaction (state + audit row + event), marked done on the request: a killed run
 * resumes where it stopped, a second run finds nothing to do. The event chain and the documents' hashes stay.
 */
export const purgeQueue = 'gdpr-purge';
export const purgeSchedule = '23 2 * * *';
const tenantPage = 100;
const requestChunk = 50;
const contactChunk = 500;
const auditChunk = 1000;

export interface PurgeReport {
  tenants: number;
  requests: number;
  files: number;
  signers: number;
  /** Campaigns and operations whose own files or people were purged (their files count in `files`, people in `signers`). */
  batches: number;
  contacts: number;
  auditRows: number;
  exports: number;
}

/** `months` before `now`, by the calendar (the 31st of a shorter month is its last day). */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

const stepMonths: readonly [PurgeStep, keyof GdprRetention][] = [
  ['documents', 'finishedDocumentsMonths'],
  ['signerData', 'signerDataMonths'],
  ['evidence', 'evidenceMonths'],
];

async function purgeRequests(platform: Platform, appId: string, retention: GdprRetention, now: Date, report: PurgeReport): Promise<void> {
  for (const [step, setting] of stepMonths) {
    const before = monthsBefore(now, retention[setting]);
    for (;;) {
      const ids = await platform.database.inTenant(appId, (tx) => requestsPastRetention(tx, appId, step, before, requestChunk));
      if (!ids.length) break;
      for (const requestId of ids) {
        await platform.database.inTenant(appId, async (tx) => {
          const outcome = await purgeRequest(tx, platform, { appId, requestId, step, now });
          if (!outcome.done) return;
          await audit(tx, {
            appId,
            actorUserId: null,
            action: 'gdpr.request_purged',
            targetType: 'signature_request',
            targetId: requestId,
            data: { step, files: outcome.files, signers: outcome.signers },
          });
          await platform.events.emit(tx, {
            type: 'gdpr.request_purged',
            appId,
            data: { requestId, kinds: [step], files: outcome.files, signers: outcome.signers },
          });
          report.requests++;
          report.files += outcome.files;
          report.signers += outcome.signers;
        });
      }
      if (ids.length < requestChunk) break;
    }
  }
}

/** What a campaign or an operation holds on its own: found by `pastRetention`, purged one per transaction by `purge`. */
interface BatchHolder {
  kind: 'campaign' | 'operation';
  pastRetention: (tx: Tx, appId: string, step: 'documents' | 'signerData', before: Date, limit: number) => Promise<string[]>;
  purge: (
    tx: Tx,
    platform: Platform,
    opts: { appId: string; id: string; step: 'documents' | 'signerData'; now: Date },
  ) => Promise<{ done: boolean; files: number; people: number }>;
}
const batchHolders: readonly BatchHolder[] = [
  { kind: 'campaign', pastRetention: campaignsPastRetention, purge: purgeCampaign },
  { kind: 'operation', pastRetention: operationsPastRetention, purge: purgeOperation },
];

async function purgeBatches(platform: Platform, appId: string, retention: GdprRetention, now: Date, report: PurgeReport): Promise<void> {
  for (const holder of batchHolders) {
    for (const [step, setting] of [
      ['documents', 'finishedDocumentsMonths'],
      ['signerData', 'signerDataMonths'],
    ] as const) {
      const before = monthsBefore(now, retention[setting]);
      for (;;) {
        const ids = await platform.database.inTenant(appId, (tx) => holder.pastRetention(tx, appId, step, before, requestChunk));
        for (const id of ids) {
          await platform.database.inTenant(appId, async (tx) => {
            const outcome = await holder.purge(tx, platform, { appId, id, step, now });
            if (!outcome.done) return;
            const data = { kind: holder.kind, id, kinds: [step], files: outcome.files, people: outcome.people };
            await audit(tx, { appId, actorUserId: null, action: 'gdpr.batch_purged', targetType: holder.kind, targetId: id, data });
            await platform.events.emit(tx, { type: 'gdpr.batch_purged', appId, data });
            report.batches++;
            report.files += outcome.files;
            report.signers += outcome.people;
          });
        }
        if (ids.length < requestChunk) break;
      }
    }
  }
}

/** Contacts not changed since the cutoff and not a signer's address in a request since then. */
async function purgeContacts(platform: Platform, appId: string, retention: GdprRetention, now: Date, report: PurgeReport): Promise<void> {
  const before = monthsBefore(now, retention.staleContactsMonths);
  let after: string | undefined;
  for (;;) {
    const page = await platform.database.inTenant(appId, async (tx) => {
      const candidates = await contactsUnchangedSince(tx, appId, before, contactChunk, after);
      const used = await emailsUsedSince(
        tx,
        appId,
        candidates.map((c) => c.mail),
        before,
      );
      const stale = candidates.filter((c) => !used.has(c.mail.toLowerCase()));
      const deleted = await deleteContactsById(
        tx,
        appId,
        stale.map((c) => c.id),
      );
      if (deleted) {
        await audit(tx, { appId, actorUserId: null, action: 'gdpr.contacts_purged', targetType: 'application', targetId: appId, data: { contacts: deleted } });
        await platform.events.emit(tx, { type: 'gdpr.contacts_purged', appId, data: { contacts: deleted } });
      }
      report.contacts += deleted;
      return candidates;
    });
    if (page.length < contactChunk) break;
    after = page.at(-1)!.id;
  }
}

async function purgeEvidenceAudit(platform: Platform, appId: string, retention: GdprRetention, now: Date, report: PurgeReport): Promise<void> {
  const before = monthsBefore(now, retention.evidenceMonths);
  for (;;) {
    const deleted = await platform.database.inTenant(appId, (tx) => repo.deleteAuditRowsBefore(tx, appId, before, auditChunk));
    report.auditRows += deleted;
    if (deleted < auditChunk) break;
  }
}

async function purgeExpiredExports(platform: Platform, appId: string, now: Date, report: PurgeReport): Promise<void> {
  for (;;) {
    const rows = await platform.database.inTenant(appId, (tx) => repo.expiredExports(tx, appId, now, requestChunk));
    for (const row of rows) {
      await platform.database.inTenant(appId, async (tx) => {
        if (row.storageKey) await platform.storage.delete(row.storageKey);
        await repo.updateRequest(tx, appId, row.id, { storageKey: null, email: null, tokenHash: null });
      });
      report.exports++;
    }
    if (rows.length < requestChunk) break;
  }
}

export async function purgeTenant(platform: Platform, appId: string, now: Date, report: PurgeReport): Promise<void> {
  const retention = repo.retentionOf(await platform.database.inTenant(appId, (tx) => repo.findSettings(tx, appId)));
  const before = { ...report };
  await purgeRequests(platform, appId, retention, now, report);
  await purgeBatches(platform, appId, retention, now, report);
  await purgeContacts(platform, appId, retention, now, report);
  await purgeEvidenceAudit(platform, appId, retention, now, report);
  await purgeExpiredExports(platform, appId, now, report);
  const changed = (Object.keys(report) as (keyof PurgeReport)[]).some((k) => k !== 'tenants' && report[k] !== before[k]);
  if (changed) await platform.database.inTenant(appId, (tx) => repo.markPurged(tx, appId, now));
}

/** Every tenant, one after the other; `now` defaults to the platform clock. */
export async function runPurge(platform: Platform, opts: { now?: Date } = {}): Promise<PurgeReport> {
  const now = opts.now ?? platform.clock();
  const report: PurgeReport = { tenants: 0, requests: 0, files: 0, signers: 0, batches: 0, contacts: 0, auditRows: 0, exports: 0 };
  let after: string | undefined;
  for (;;) {
    const ids = await platform.database.inSystem((tx) => nextTenantIds(tx, after, tenantPage));
    for (const appId of ids) {
      await purgeTenant(platform, appId, now, report);
      report.tenants++;
    }
    if (ids.length < tenantPage) break;
    after = ids.at(-1);
  }
  if (report.requests || report.batches || report.contacts || report.auditRows || report.exports)
    platform.logger.info(report, 'gdpr purge: data past retention removed');
  return report;
}
