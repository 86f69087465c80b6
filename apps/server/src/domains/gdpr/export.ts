import { gdprEndpoints, gdprExportLinkDays, pathOf, type GdprCounts } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { newOpaqueToken } from '../../platform/http/tokens.ts';
import { csvBuffer, type CellValue } from '../../platform/spreadsheets/index.ts';
import { storeZip } from '../../platform/zip-store.ts';
import { signatoriesOfPerson } from '../campaigns/index.ts';
import { contactsOfEmail } from '../contacts/index.ts';
import { ordersOfPerson } from '../operations/index.ts';
import { templateRolesOfPerson } from '../request-templates/index.ts';
import { documentFilesOf, signersOfPerson } from '../signatures/index.ts';
import { brandingOf, getApplication } from '../tenants/index.ts';
import { findUserByEmail, findUserById } from '../users/index.ts';
import * as repo from './repository.ts';
import { publicBaseUrl } from '../custom-domains/index.ts';

export const exportQueue = 'gdpr-export';
export interface ExportJob {
  appId: string;
  gdprRequestId: string;
}

const csv = (name: string, rows: Record<string, CellValue>[]) =>
  csvBuffer({ sheetName: name, columns: Object.keys(rows[0] ?? { none: null }).map((key) => ({ header: key, key })), rows });

/** A file name safe inside a zip (no folders, no control characters). */
const safeName = (name: string) => name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_').slice(0, 120) || 'document';

/** What the tenant holds about one address: contacts, signer entries with their requests, a user account. */
async function gather(platform: Platform, appId: string, email: string) {
  return platform.database.inTenant(appId, async (tx) => {
    const contacts = await contactsOfEmail(tx, appId, email);
    const signatures = await signersOfPerson(tx, appId, email);
    const user = await findUserByEmail(tx, email);
    const signedRequests = signatures.filter((s) => s.status === 'signed').map((s) => ({ id: s.requestId, documentsPurgedAt: s.documentsPurgedAt }));
    const documents = await documentFilesOf(tx, appId, signedRequests);
    const campaignRows = await signatoriesOfPerson(tx, appId, email);
    const orderRows = await ordersOfPerson(tx, appId, email);
    const templateRoles = await templateRolesOfPerson(tx, appId, email);
    return { contacts, signatures, user: user?.appId === appId ? user : undefined, documents, campaignRows, orderRows, templateRoles };
  });
}

/**
 * The export job: the zip (person.json with every row, one CSV per kind — templates.csv: the templates' roles
 * prefilled with the person —, the signed documents still kept) stored
 * under the tenant, then the request marked ready with a link token valid 30 days, mailed to the user who asked.
 * Idempotent: a request no longer queued is left as it is; a retry rewrites the same key.
 */
export async function runExportJob(platform: Platform, job: ExportJob): Promise<void> {
  const { appId, gdprRequestId } = job;
  const row = await platform.database.inTenant(appId, (tx) => repo.findRequest(tx, appId, gdprRequestId));
  if (!row || row.status !== 'queued' || !row.email) return;
  const { contacts: contactRows, signatures, user, documents, campaignRows, orderRows, templateRoles } = await gather(platform, appId, row.email);
  const userRows = user
    ? [
        {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          mobile: user.mobile,
          phone: user.phone,
          language: user.language,
          civility: user.civility,
          company: user.company,
          address: user.address,
          profile: user.profile,
          createdAt: user.createdAt,
          lastConnectionAt: user.lastConnectionAt,
        },
      ]
    : [];
  const key = `${appId}/gdpr-export-${row.id}.zip`;
  const labels = new Map(signatures.map((s) => [s.requestId, s.requestLabel]));
  await storeZip(platform, key, async (add) => {
    const json = {
      subject: row.email,
      exportedAt: platform.clock().toISOString(),
      contacts: contactRows,
      signatures,
      campaigns: campaignRows,
      operations: orderRows,
      templates: templateRoles,
      user: userRows[0] ?? null,
    };
    await add('person.json', Buffer.from(JSON.stringify(json, null, 2)));
    await add('contacts.csv', await csv('contacts', contactRows));
    await add('signatures.csv', await csv('signatures', signatures));
    await add('user.csv', await csv('user', userRows));
    // Merge variables are the person's data too: one column holding them as JSON keeps the sheet's columns fixed.
    await add(
      'campaigns.csv',
      await csv(
        'campaigns',
        campaignRows.map(({ data, ...r }) => ({ ...r, data: JSON.stringify(data) })),
      ),
    );
    await add('operations.csv', await csv('operations', orderRows));
    await add('templates.csv', await csv('templates', templateRoles));
    for (const [index, d] of documents.entries()) {
      await add(`documents/${index + 1}-${safeName(labels.get(d.requestId) ?? '')}-${safeName(d.fileName)}`, await platform.storage.get(d.storageKey));
    }
  });
  const counts: GdprCounts = {
    contacts: contactRows.length,
    signers: signatures.length + campaignRows.length + orderRows.length,
    requests: new Set(signatures.map((s) => s.requestId)).size,
    users: userRows.length,
    documents: documents.length,
    messages: 0,
    templates: templateRoles.length,
  };
  await platform.database.inTenant(appId, async (tx) => {
    const current = await repo.findRequest(tx, appId, gdprRequestId);
    if (current?.status !== 'queued') return;
    const now = platform.clock();
    const { token, hash } = newOpaqueToken();
    const expiresAt = new Date(now.getTime() + gdprExportLinkDays * 86_400_000);
    await repo.updateRequest(tx, appId, row.id, { status: 'ready', storageKey: key, tokenHash: hash, expiresAt, counts, completedAt: now });
    const requester = row.requestedBy ? await findUserById(tx, row.requestedBy) : undefined;
    if (requester) {
      const application = await getApplication(tx, appId);
      await platform.messaging.queueEmail(tx, {
        appId,
        to: requester.email,
        language: requester.language,
        branding: brandingOf(application),
        template: 'gdpr-export-ready',
        params: {
          firstName: requester.firstName,
          subject: row.subjectHint,
          days: gdprExportLinkDays,
          link: `${publicBaseUrl(platform, appId, 'backoffice')}${pathOf(gdprEndpoints.download, { token })}`,
        },
      });
    }
    await audit(tx, { appId, actorUserId: row.requestedBy, action: 'gdpr.export_ready', targetType: 'gdpr_request', targetId: row.id, data: { counts } });
    await platform.events.emit(tx, {
      type: 'gdpr.export_ready',
      appId,
      actorUserId: row.requestedBy,
      data: { gdprRequestId: row.id, requestedBy: row.requestedBy, counts },
    });
  });
}

/** The last attempt failed: the history says so (the user may ask again). */
export async function markExportFailed(platform: Platform, job: ExportJob): Promise<void> {
  await platform.database.inTenant(job.appId, (tx) =>
    repo.updateRequest(tx, job.appId, job.gdprRequestId, { status: 'failed', completedAt: platform.clock() }),
  );
}
