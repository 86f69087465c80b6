import type { CampaignStatus, SignatoryStatus } from '@paraphe/contracts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { holderRetention, type PurgeStep } from '../bulk/index.ts';
import * as repo from './repository.ts';

/**
 * GDPR retention of a campaign's own files and people (docs/gdpr.md), on the bulk engine's purge. A copy's request is
 * purged by the signatures domain; what only the campaign holds is purged here, once the campaign is over and every
 * copy final:
 *  - `documents`: the shared originals (`campaign_documents`), the signatories' mail-merge PDFs (filled with their
 *    data), the imported spreadsheets and the archive — past the tenant's documents retention;
 *  - `signerData`: the signatories' names, addresses, phones, merge variables and CRM contact ids pseudonymised — past the signer-data one.
 */
export type CampaignPurgeStep = PurgeStep;

const retention = holderRetention(repo.campaignTables, repo.pseudonymiseSignatories);
/** Up to `limit` of the tenant's campaigns over before `before` that still wait for `step`, oldest first; the purge of one. */
export const { pastRetention: campaignsPastRetention, purge: purgeCampaign } = retention;

/** A person's signatory entry, with its campaign, as their access export (art. 15) shows it. */
export interface PersonSignatoryView {
  campaignId: string;
  campaignLabel: string;
  campaignStatus: CampaignStatus;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  language: string;
  /** The merge variables: the person's data too. */
  data: Record<string, string>;
  status: SignatoryStatus;
  requestId: string | null;
  sentAt: Date | null;
}

/** The person's signatory entries in every campaign of the tenant (access export). */
export async function signatoriesOfPerson(db: Executor, appId: string, email: string): Promise<PersonSignatoryView[]> {
  return repo.signatoriesOfPerson(db, appId, email);
}

/** The campaigns not sent yet that name the person: an erasure waits for them. */
export async function unsentSignatoriesOf(db: Executor, appId: string, email: string): Promise<{ id: string; label: string; status: string }[]> {
  return repo.unsentSignatoriesOf(db, appId, email);
}

/** Erasure (art. 17): the person's signatory entries pseudonymised, in the caller's transaction; their number. */
export async function eraseSignatoriesOf(tx: Tx, appId: string, email: string): Promise<number> {
  return repo.eraseSignatoriesOf(tx, appId, email);
}
