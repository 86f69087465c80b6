import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CampaignStatus } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { erasedIdentity } from '../signatures/index.ts';
import { campaignDocuments, campaignImports, campaignSignatories, campaigns } from './schema.ts';

/**
 * GDPR retention of a campaign's own files and people (docs/gdpr.md). A copy's request is purged by the signatures
 * domain; what only the campaign holds is purged here, once the campaign is over and every copy final:
 *  - `documents`: the shared originals (`campaign_documents`), the signatories' mail-merge PDFs (filled with their
 *    data), the imported spreadsheets and the archive — past the tenant's documents retention;
 *  - `signerData`: the signatories' names, addresses, phones, merge variables and CRM contact ids pseudonymised — past the signer-data one.
 * Under the campaign's row lock, in the caller's transaction, marked done: a second run finds nothing.
 */
export type CampaignPurgeStep = 'documents' | 'signerData';

/** A campaign that will make no more copies (a failed one could be retried, but not once past retention). */
const overStatuses: readonly CampaignStatus[] = ['completed', 'canceled', 'deleted', 'failed'];
const endedAt = sql`coalesce(${campaigns.completedAt}, ${campaigns.canceledAt}, ${campaigns.deletedAt}, ${campaigns.dispatchFinishedAt}, ${campaigns.updatedAt})`;
const doneColumn = { documents: campaigns.documentsPurgedAt, signerData: campaigns.signerDataPurgedAt } as const;
const noCopyWaiting = sql`not exists (select 1 from ${campaignSignatories} s where s.campaign_id = ${campaigns.id} and s.status in ('queued', 'sent', 'opened'))`;

/** Up to `limit` of the tenant's campaigns over before `before` that still wait for `step`, oldest first. */
export async function campaignsPastRetention(db: Executor, appId: string, step: CampaignPurgeStep, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.appId, appId), inArray(campaigns.status, [...overStatuses]), sql`${endedAt} < ${before.toISOString()}`, isNull(doneColumn[step]), noCopyWaiting))
    .orderBy(asc(endedAt), asc(campaigns.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** A signatory row pseudonymised: name, address, phone, merge variables, CRM contact id, copy error. */
const pseudonymised = (id: string) => ({ ...erasedIdentity(id), data: {}, connectorIdc: null, error: null });

export interface HolderPurgeOutcome {
  done: boolean;
  files: number;
  people: number;
}

export async function purgeCampaign(tx: Tx, platform: Pick<Platform, 'storage'>, opts: { appId: string; campaignId: string; step: CampaignPurgeStep; now: Date }): Promise<HolderPurgeOutcome> {
  const { appId, campaignId, step, now } = opts;
  const [row] = await tx.select().from(campaigns).where(and(eq(campaigns.appId, appId), eq(campaigns.id, campaignId))).for('update');
  if (!row || !overStatuses.includes(row.status) || row[step === 'documents' ? 'documentsPurgedAt' : 'signerDataPurgedAt']) return { done: false, files: 0, people: 0 };
  if (step === 'signerData') {
    const people = await tx.select({ id: campaignSignatories.id }).from(campaignSignatories).where(and(eq(campaignSignatories.appId, appId), eq(campaignSignatories.campaignId, campaignId)));
    for (const person of people) {
      await tx.update(campaignSignatories).set({ ...pseudonymised(person.id), updatedAt: now }).where(eq(campaignSignatories.id, person.id));
    }
    await tx.update(campaigns).set({ signerDataPurgedAt: now }).where(eq(campaigns.id, campaignId));
    return { done: true, files: 0, people: people.length };
  }
  const documents = await tx.select({ key: campaignDocuments.storageKey }).from(campaignDocuments).where(and(eq(campaignDocuments.appId, appId), eq(campaignDocuments.campaignId, campaignId)));
  const merged = await tx
    .select({ key: campaignSignatories.mergeStorageKey })
    .from(campaignSignatories)
    .where(and(eq(campaignSignatories.appId, appId), eq(campaignSignatories.campaignId, campaignId), sql`${campaignSignatories.mergeStorageKey} is not null`));
  const imports = await tx.select({ key: campaignImports.storageKey }).from(campaignImports).where(and(eq(campaignImports.appId, appId), eq(campaignImports.campaignId, campaignId)));
  const files = [...new Set([...documents, ...merged, ...imports].map((r) => r.key!).concat(row.archiveKey ? [row.archiveKey] : []))];
  await tx.update(campaigns).set({ documentsPurgedAt: now, archiveKey: null, archiveGeneratedAt: null }).where(eq(campaigns.id, campaignId));
  // Deleted before the commit: a crash after leaves the step unmarked and the next run deletes again (a missing file is no error).
  for (const key of files) await platform.storage.delete(key);
  return { done: true, files: files.length, people: 0 };
}

const sameAddress = (email: string) => sql`lower(${campaignSignatories.email}) = ${email.toLowerCase()}`;

/** A person's signatory rows not sent yet (draft or queued): an erasure waits for them (the copy would go to nobody). */
export async function unsentSignatoriesOf(db: Executor, appId: string, email: string): Promise<{ id: string; label: string; status: string }[]> {
  return db
    .selectDistinct({ id: campaigns.id, label: campaigns.label, status: campaigns.status })
    .from(campaignSignatories)
    .innerJoin(campaigns, eq(campaigns.id, campaignSignatories.campaignId))
    .where(and(eq(campaignSignatories.appId, appId), sameAddress(email), inArray(campaignSignatories.status, ['draft', 'queued'])));
}

/** Erasure (art. 17): the person's signatory rows pseudonymised (pseudonymised); their number. */
export async function eraseSignatoriesOf(tx: Tx, appId: string, email: string): Promise<number> {
  const rows = await tx.select({ id: campaignSignatories.id }).from(campaignSignatories).where(and(eq(campaignSignatories.appId, appId), sameAddress(email)));
  for (const row of rows) await tx.update(campaignSignatories).set(pseudonymised(row.id)).where(eq(campaignSignatories.id, row.id));
  return rows.length;
}

/** A person's access export (art. 15): their signatory rows, with the campaign each belongs to. */
export async function signatoriesOfPerson(db: Executor, appId: string, email: string) {
  return db
    .select({
      campaignId: campaigns.id,
      campaignLabel: campaigns.label,
      campaignStatus: campaigns.status,
      firstname: campaignSignatories.firstname,
      lastname: campaignSignatories.lastname,
      email: campaignSignatories.email,
      phone: campaignSignatories.phone,
      language: campaignSignatories.language,
      data: campaignSignatories.data,
      status: campaignSignatories.status,
      requestId: campaignSignatories.requestId,
      sentAt: campaignSignatories.sentAt,
    })
    .from(campaignSignatories)
    .innerJoin(campaigns, eq(campaigns.id, campaignSignatories.campaignId))
    .where(and(eq(campaignSignatories.appId, appId), sameAddress(email)))
    .orderBy(asc(campaignSignatories.id));
}
