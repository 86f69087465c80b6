import { signerDisplayName, type DomainEvent, type Locale } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { fill } from '../../platform/pdf-texts.ts';
import { defineJob, defineSubscription } from '../../platform/modules.ts';
import { completedFiles, signersOfRequests } from '../signatures/index.ts';
import { getApplication, settingsOf as tenantSettingsOf } from '../tenants/index.ts';
import * as hubspot from './hubspot.ts';
import { crmNoteTexts } from './noteTexts.ts';
import * as repo from './repository.ts';
import { settingsOf, withAccessToken } from './tokens.ts';

/**
 * The write-back to the contacts' timelines (docs/connectors.md "Write-back"): when a request ends, each signer
 * picked from HubSpot (`connector.idc`) gets a note on their contact — with the signed documents attached when it
 * completed. The subscription writes one row per (request, signer, outcome) and its job in the event's
 * transaction; the job claims the row, uploads the files, then creates the note, recording each HubSpot id as it
 * comes: a re-run (crash, duplicate job) goes on from the last id recorded and never makes a second note.
 */
export const writeBackQueue = 'crm.write-back';
/** Waits before the next try when HubSpot fails (5xx, unreachable) — 429 waits its Retry-After instead. */
export const retryDelaysSeconds = [1, 10, 60, 300, 1800, 7200] as const;
const claimSeconds = 120;

type Outcome = 'completed' | 'refused' | 'expired' | 'canceled';
const outcomeOf: Record<string, Outcome> = {
  'signature.completed': 'completed',
  'signature.refused': 'refused',
  'signature.expired': 'expired',
  'signature.canceled': 'canceled',
};

export interface WriteBackJob {
  appId: string;
  writeBackId: string;
}

export const crmSubscriptions = (platform: Platform) => [
  defineSubscription({
    name: 'crm.write-back',
    events: ['signature.completed', 'signature.refused', 'signature.expired', 'signature.canceled'],
    async handle(event, tx) {
      await planWriteBacks(platform, tx as Tx, event);
    },
  }),
];

async function planWriteBacks(platform: Platform, tx: Tx, event: DomainEvent) {
  const connection = await repo.findConnection(tx, event.appId);
  if (!connection || !platform.config.hubspot) return;
  const data = event.data as { requestId: string; label: string };
  const linked = (await signersOfRequests(tx, event.appId, [data.requestId])).filter((s) => s.connectorIdc);
  const created = await repo.insertWriteBacks(
    tx,
    linked.map((s) => ({
      appId: event.appId,
      requestId: data.requestId,
      signerId: s.id,
      idc: s.connectorIdc!,
      outcome: outcomeOf[event.type]!,
      label: data.label,
      signerName: signerDisplayName(s),
      occurredAt: new Date(event.occurredAt),
    })),
  );
  if (created.length)
    await platform.jobs.enqueueMany(
      tx,
      writeBackQueue,
      created.map((row) => ({ data: { appId: row.appId, writeBackId: row.id } satisfies WriteBackJob })),
    );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The note's HTML in `language` (the tenant's default): what happened to the request, and for whom. */
export const noteBody = (row: Pick<repo.WriteBackRow, 'label' | 'signerName' | 'outcome'>, language: Locale) => {
  const texts = crmNoteTexts[language];
  return `<p>${fill(escapeHtml(texts[row.outcome]), { label: escapeHtml(row.label) })}</p><p>${fill(escapeHtml(texts.signer), { name: escapeHtml(row.signerName) })}</p>`;
};

async function runWriteBack(platform: Platform, job: WriteBackJob): Promise<void> {
  const now = platform.clock();
  const row = await platform.database.inTenant(job.appId, (tx) => repo.claimWriteBack(tx, job.appId, job.writeBackId, now, claimSeconds));
  if (!row) return; // done, failed, or another run holds it
  try {
    await writeBack(platform, row);
    await platform.database.inTenant(job.appId, (tx) =>
      repo.updateWriteBack(tx, job.appId, row.id, { status: 'done', error: null, claimedUntil: null, updatedAt: platform.clock() }),
    );
  } catch (error) {
    await recordFailure(platform, row, error);
  }
}

async function writeBack(platform: Platform, row: repo.WriteBackRow) {
  const settings = settingsOf(platform);
  let fileIds = row.fileIds;
  if (fileIds === null) {
    fileIds = [];
    if (row.outcome === 'completed') {
      const files = await platform.database.inTenant(row.appId, (tx) => completedFiles(tx, row.appId, [row.requestId]));
      for (const file of files) {
        const bytes = await platform.storage.get(file.storageKey);
        fileIds.push(
          await withAccessToken(platform, row.appId, (token) =>
            hubspot.uploadFile(settings, token, { name: file.fileName, bytes, contentType: 'application/pdf' }),
          ),
        );
      }
    }
    const recorded = fileIds;
    await platform.database.inTenant(row.appId, (tx) => repo.updateWriteBack(tx, row.appId, row.id, { fileIds: recorded, updatedAt: platform.clock() }));
  }
  if (row.noteId) return;
  const attachmentIds = fileIds;
  const { defaultLanguage } = tenantSettingsOf(await platform.database.inTenant(row.appId, (tx) => getApplication(tx, row.appId)));
  const body = noteBody(row, defaultLanguage);
  const noteId = await withAccessToken(platform, row.appId, (token) =>
    hubspot.createNote(settings, token, { contactId: row.idc, body, timestamp: row.occurredAt, attachmentIds }),
  );
  await platform.database.inTenant(row.appId, (tx) => repo.updateWriteBack(tx, row.appId, row.id, { noteId, updatedAt: platform.clock() }));
}

/** 429: again after Retry-After; 5xx or unreachable: again after the next delay; other refusals: failed with HubSpot's message. */
async function recordFailure(platform: Platform, row: repo.WriteBackRow, error: unknown) {
  const now = platform.clock();
  const retryable = error instanceof hubspot.HubSpotError && (error.status === null || error.status === 429 || error.status >= 500);
  if (!retryable && !(error instanceof hubspot.HubSpotError) && !(error instanceof AppError)) throw error; // a bug or the database: pg-boss retries the job
  const delay = retryable
    ? (error as hubspot.HubSpotError).status === 429
      ? Math.min((error as hubspot.HubSpotError).retryAfterSeconds ?? 10, 3600)
      : retryDelaysSeconds[row.attempts - 1]
    : undefined;
  const message = error instanceof Error ? error.message : String(error);
  await platform.database.inTenant(row.appId, async (tx) => {
    await repo.updateWriteBack(tx, row.appId, row.id, {
      status: delay === undefined ? 'failed' : 'pending',
      error: message,
      claimedUntil: null,
      updatedAt: now,
    });
    if (delay !== undefined)
      await platform.jobs.enqueue(tx, writeBackQueue, { appId: row.appId, writeBackId: row.id } satisfies WriteBackJob, { startAfterSeconds: delay });
  });
  platform.logger.warn({ err: error, appId: row.appId, writeBackId: row.id, retryInSeconds: delay }, 'crm: HubSpot write-back failed');
}

export const crmJobs = [
  defineJob<WriteBackJob>({
    queue: writeBackQueue,
    run: (platform, data) => runWriteBack(platform, data),
    retryLimit: 3,
    // A few HubSpot calls of at most 15 s each (one per signed document, then the note).
    batchSize: 5,
    concurrency: 5,
    expireInSeconds: 300,
  }),
];
