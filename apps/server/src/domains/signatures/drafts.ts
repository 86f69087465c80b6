import { localeSchema, type DraftEditorContext, type FieldError, type SignatureRequestData, type SigningLink } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { featuresOf, getApplication } from '../tenants/index.ts';
import { findUserById } from '../users/index.ts';
import { validation, type PreparedDocument } from './intake.ts';
import * as repo from './repository.ts';
import { sealingWarnings } from './sealing.ts';
import { discard, findVisible, insertDocuments, signerRowsOf, storeFiles, viewOf, type RequestView } from './service.ts';
import { assertLevelAndOptions, assertQualifiedSigners, loadContext, sendRequest } from './workflow.ts';

/**
 * Editing a saved draft (PUT /api/transactions/:id/draft, docs/signatures.md "Drafts"): the request form sends the
 * whole request again, as on create. Label, description, options and signers are replaced; a document entry with a
 * `documentId` keeps that stored file (its title, type, consents and fields are the entry's: the positions the form
 * shows are saved as given); entries without one are new files (checked as on create, `added`); the draft's documents
 * not listed are removed. Only a draft: 409 INVALID_TRANSITION otherwise. With transactionRequest.send, sent as well.
 */
export async function updateDraftRequest(opts: {
  platform: Platform;
  actor: Actor;
  id: string;
  data: SignatureRequestData;
  added: PreparedDocument[];
}): Promise<{ view: RequestView; links: SigningLink[]; warnings: FieldError[] }> {
  const { platform, actor, data, added } = opts;
  const keys = await storeFiles(
    platform,
    actor.appId,
    added.map((d) => d.data),
  );
  let removedKeys: string[] = [];
  try {
    const result = await platform.database.inTenant(actor.appId, async (tx) => {
      const ctx = await loadContext(tx, actor.appId, (await findVisible(tx, actor, opts.id)).id);
      const { request, application } = ctx;
      if (request.status !== 'draft') throw new AppError('INVALID_TRANSITION', `Only a draft can be edited: this request is ${request.status}.`);
      assertLevelAndOptions(application, request.level, data.optionsRequest);
      await assertQualifiedSigners(
        tx,
        actor.appId,
        request.level,
        data.transactionSigners.map((s) => ({ role: s.role, email: s.emailAddress })),
        platform.clock(),
      );
      const stored = await repo.documentsOf(tx, actor.appId, [request.id]);
      const kept = data.transactionDocuments.flatMap((entry, index) => (entry.documentId ? [{ entry, index }] : []));
      for (const { entry, index } of kept) {
        const doc = stored.find((d) => d.id === entry.documentId);
        if (!doc)
          throw validation([{ field: `transactionDocuments.${index}.documentId`, rule: 'invalid_value', message: "This document is not one of the draft's." }]);
        const beyond = entry.signatureFields.findIndex((f) => f.page > doc.pageCount || f.page < -1);
        if (beyond >= 0) {
          throw validation([
            {
              field: `transactionDocuments.${index}.signatureFields.${beyond}.page`,
              rule: 'out_of_range',
              message: `${doc.fileName} has ${doc.pageCount} page(s).`,
              params: { min: 1, max: doc.pageCount },
            },
          ]);
        }
      }
      const keptIds = new Set(kept.map((k) => k.entry.documentId));
      const removed = stored.filter((d) => !keptIds.has(d.id));
      for (const doc of removed) await repo.deleteDocument(tx, actor.appId, request.id, doc.id);
      for (const [position, { entry }] of kept.entries()) {
        const doc = stored.find((d) => d.id === entry.documentId)!;
        await repo.updateDocument(
          tx,
          actor.appId,
          doc.id,
          { title: entry.title || doc.title, documentType: entry.documentType, checkBoxTexts: entry.checkBoxTexts, position },
          entry.signatureFields,
        );
      }
      await insertDocuments(
        tx,
        platform,
        actor.appId,
        request.id,
        added,
        keys,
        added.map((d) => d.data.length),
        kept.length,
      );
      await repo.replaceSigners(tx, actor.appId, request.id, signerRowsOf(actor.appId, request.id, data));
      await repo.updateRequest(tx, actor.appId, request.id, {
        label: data.label,
        description: data.transactionRequest.description,
        options: data.optionsRequest,
        updatedAt: platform.clock(),
      });
      await audit(tx, {
        appId: actor.appId,
        actorUserId: actor.realUserId,
        action: 'signature.updated',
        targetType: 'signature_request',
        targetId: request.id,
        data: { documents: kept.length + added.length, removed: removed.length, signers: data.transactionSigners.length },
        ip: actor.ip,
      });
      const links = data.transactionRequest.send
        ? (await sendRequest(tx, platform, await loadContext(tx, actor.appId, request.id), actor.realUserId)).links
        : [];
      removedKeys = removed.map((d) => d.storageKey);
      const warnings = data.transactionRequest.send ? [] : await sealingWarnings(tx, application, data.optionsRequest, platform.clock());
      return { view: await viewOf(tx, platform, actor.appId, request.id), links, warnings };
    });
    // A removed document's file goes once the rows are gone for good.
    await discard(platform, removedKeys);
    return result;
  } catch (error) {
    await discard(platform, keys);
    throw error;
  }
}

/**
 * What a draft's editor needs of its tenant (GET /api/transactions/:id/editor-context): the embedded editor has no
 * session, hence no /me (docs/embedding.md). New signers get the language of the user the request is made for.
 */
export async function draftEditorContext(opts: { platform: Platform; actor: Actor; id: string; expiresAt: Date | null }): Promise<DraftEditorContext> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const request = await findVisible(tx, actor, opts.id);
    if (request.status !== 'draft') throw new AppError('INVALID_TRANSITION', `Only a draft can be edited: this request is ${request.status}.`);
    return editorContextIn(tx, actor, opts.expiresAt);
  });
}

/** The tenant as an editor (a draft's, a template's) sees it without a session: company, test mode, features, language. */
async function editorContextIn(tx: Tx, actor: Actor, expiresAt: Date | null): Promise<DraftEditorContext> {
  const application = await getApplication(tx, actor.appId);
  const user = await findUserById(tx, actor.userId);
  return {
    company: application.company,
    testMode: application.testMode,
    features: featuresOf(application),
    language: localeSchema.safeParse(user?.language).data ?? 'fr',
    expiresAt: expiresAt?.toISOString() ?? null,
  };
}

/** What the template editor needs of its tenant (GET /api/request-templates/editor-context; docs/embedding.md). */
export async function editorContext(opts: { platform: Platform; actor: Actor; expiresAt: Date | null }): Promise<DraftEditorContext> {
  return opts.platform.database.inTenant(opts.actor.appId, (tx) => editorContextIn(tx, opts.actor, opts.expiresAt));
}
