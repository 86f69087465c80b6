import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FileTimestamp, ListEnvelope, Locale, TimestampOutput, VerificationReport } from '@paraphe/contracts';
import { SigningError, timestampFile, timestampPdf, verifyTimestampToken, type Der, type TimestampAuthority } from '@paraphe/signing';
import type { Actor, Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { trustServices } from '../pki/index.ts';
import { findStampCertificate } from '../stamps/index.ts';
import { getApplication } from '../tenants/index.ts';
import { timestampReceipt } from './receipt.ts';
import * as repo from './repository.ts';
import type { TimestampForm } from './upload.ts';
import { isPdf, sha256Hex, verifyFile } from './verification.ts';

/**
 * Time-stamping of a file (docs/timestamps.md). The TSA is the platform's own (pki domain). The outputs are stored
 * before the row (a failed insert removes them; a crash leaves orphans that the storage sweep removes): the row, its
 * audit entry and the `timestamp.created` event (which billing meters as `option_timestamp`) commit together.
 */
interface Options {
  platform: Platform;
  actor: Actor;
}

const megabyte = 1024 * 1024;

/** The account's upload limit (the same as a signature request's PDF). */
export async function uploadLimitOf(platform: Platform, appId: string): Promise<number> {
  const application = await platform.database.inSystem((tx) => getApplication(tx, appId));
  return application.settings.maxFileSizeMb * megabyte;
}

export function presentTimestamp(row: repo.FileTimestampRow): FileTimestamp {
  return {
    id: row.id,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    kind: row.kind,
    timestampedAt: row.timestampedAt.toISOString(),
    tsa: row.tsaName,
    serial: row.serial,
    outputs: row.kind === 'pdf' ? ['pdf'] : ['token', 'receipt'],
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The TSA, keeping the token it hands out: a PDF's time, serial and TSA name are read from it. */
function recordingTsa(tsa: TimestampAuthority): TimestampAuthority & { last?: { token: Der; digest: Uint8Array } } {
  const recording: TimestampAuthority & { last?: { token: Der; digest: Uint8Array } } = {
    async timestamp(imprint) {
      const token = await tsa.timestamp(imprint);
      recording.last = { token, digest: imprint.digest };
      return token;
    },
  };
  return recording;
}

interface Stamped {
  kind: 'pdf' | 'detached';
  output: Uint8Array;
  token: Der;
  digest: Uint8Array;
}

async function stamp(tsa: TimestampAuthority, data: Uint8Array): Promise<Stamped> {
  if (!isPdf(data)) {
    const token = await timestampFile(data, { tsa });
    const digest = new Uint8Array(Buffer.from(sha256Hex(data), 'hex'));
    return { kind: 'detached', output: token, token, digest };
  }
  const recording = recordingTsa(tsa);
  try {
    const output = await timestampPdf(data, { tsa: recording });
    return { kind: 'pdf', output, token: recording.last!.token, digest: recording.last!.digest };
  } catch (error) {
    if (error instanceof SigningError && error.code !== 'TSA_UNAVAILABLE') {
      const message = `The PDF cannot be time-stamped: ${error.message}`;
      throw new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'file', rule: 'invalid_value', message }] });
    }
    throw error;
  }
}

const stem = (fileName: string) => path.basename(fileName, path.extname(fileName)) || 'file';

export async function createTimestamp(opts: Options & { file: TimestampForm['file']; language: Locale }): Promise<FileTimestamp> {
  const { platform, actor, file } = opts;
  const application = await platform.database.inSystem((tx) => getApplication(tx, actor.appId));
  const stamped = await stamp(await trustServices(platform).tsa(), file.data);
  const info = verifyTimestampToken(stamped.token, { digest: stamped.digest });
  if (!info.genTime || !info.serialNumber) throw new AppError('INTERNAL', 'The time-stamping authority answered a token without time or serial.');
  const sha256 = sha256Hex(file.data);
  const tsa = info.tsaSubject ?? '';
  const base = `${actor.appId}/timestamp-${randomUUID()}`;
  const outputKey = stamped.kind === 'pdf' ? `${base}.pdf` : `${base}.tsr`;
  const receiptKey = stamped.kind === 'pdf' ? null : `${base}-receipt.pdf`;
  await platform.storage.put(outputKey, stamped.output);
  try {
    if (receiptKey) {
      const receipt = await timestampReceipt({
        fileName: file.fileName,
        sizeBytes: file.data.length,
        sha256,
        timestampedAt: info.genTime,
        tsa,
        serial: info.serialNumber,
        language: opts.language,
      });
      await platform.storage.put(receiptKey, receipt);
    }
    const row = await platform.database.inTenant(actor.appId, async (tx) => {
      const row = await repo.insertTimestamp(tx, {
        appId: actor.appId,
        userId: actor.userId,
        fileName: file.fileName,
        sizeBytes: file.data.length,
        sha256,
        kind: stamped.kind,
        outputKey,
        receiptKey,
        timestampedAt: info.genTime!,
        tsaName: tsa,
        serial: info.serialNumber!,
      });
      await audit(tx, {
        appId: actor.appId,
        actorUserId: actor.realUserId,
        action: 'timestamp.created',
        targetType: 'file_timestamp',
        targetId: row.id,
        data: { fileName: file.fileName, kind: stamped.kind, sha256 },
        ip: actor.ip,
      });
      await platform.events.emit(tx, {
        type: 'timestamp.created',
        appId: actor.appId,
        actorUserId: actor.realUserId,
        data: { timestampId: row.id, kind: stamped.kind, ownerUserId: actor.userId, testMode: application.testMode },
      });
      return row;
    });
    return presentTimestamp(row);
  } catch (error) {
    await Promise.all([outputKey, receiptKey].flatMap((k) => (k ? [platform.storage.delete(k).catch(() => undefined)] : [])));
    throw error;
  }
}

export async function listTimestamps(opts: Options & { limit: number; offset: number }): Promise<ListEnvelope<FileTimestamp>> {
  const { platform, actor, limit, offset } = opts;
  const page = await platform.database.inTenant(actor.appId, (tx) => repo.listTimestamps(tx, actor.appId, { limit, offset }));
  return { data: page.rows.map(presentTimestamp), countAll: page.total, ...(page.capped ? { countAllCapped: true } : {}), limit, offset, order: 'DESC' };
}

/** A stored output with the name and type it is downloaded under. */
export async function timestampOutput(
  opts: Options & { id: string; output: TimestampOutput },
): Promise<{ fileName: string; contentType: string; body: Buffer }> {
  const { platform, actor, id, output } = opts;
  const row = await platform.database.inTenant(actor.appId, (tx) => repo.findTimestamp(tx, actor.appId, id));
  if (!row) throw notFound('Time-stamp');
  const key = output === 'receipt' ? row.receiptKey : (output === 'pdf') === (row.kind === 'pdf') ? row.outputKey : null;
  if (!key)
    throw new AppError(
      'NOT_FOUND',
      row.kind === 'pdf'
        ? 'A PDF time-stamp has one output: the time-stamped PDF (`pdf`).'
        : 'A detached time-stamp has a token (`token`) and a receipt (`receipt`).',
    );
  const body = await platform.storage.get(key);
  if (output === 'token') return { fileName: `${row.fileName}.tsr`, contentType: 'application/timestamp-reply', body };
  return {
    fileName: output === 'receipt' ? `${stem(row.fileName)}-receipt.pdf` : `${stem(row.fileName)}-timestamped.pdf`,
    contentType: 'application/pdf',
    body,
  };
}

/**
 * Verification, for an account or the public page: nothing is stored; the platform CA and the operator's roots
 * (TRUSTED_ROOTS_FILE) are the trust anchors, and a
 * certificate a tenant imported as its stamp is recognised exactly (stamps domain, docs/timestamps.md "Trust").
 */
export async function verifyUpload(platform: Platform, form: TimestampForm): Promise<VerificationReport> {
  const trust = trustServices(platform);
  return verifyFile(form.file, form.token, {
    roots: await trust.trustedRoots(),
    platformRoot: await trust.platformRoot(),
    revocation: trust.revocationSource(),
    stampCertificate: (certificate) => findStampCertificate(platform, certificate),
  });
}
