import type {
  CertificationLevel,
  RequestTemplate,
  RequestTemplateData,
  SignatureField,
  SignatureOptions,
  SignerRole,
  TemplateRole,
  TemplateVisibility,
  templateFromRequestInputSchema,
} from '@paraphe/contracts';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { discardStored, storeFresh } from '../../platform/stored-files.ts';
import { assertLevelAndOptions, requestBlueprint, type PreparedDocument } from '../signatures/index.ts';
import { getApplication } from '../tenants/index.ts';
import * as repo from './repository.ts';
import { accessOf, lockEditable, templateView, findVisibleTemplate, type Options } from './service.ts';

/** Template files are stored under `<tenant>/template-<uuid>.pdf`, shared by the versions that keep them. */
const filePrefix = 'template';

/** A document of a version to write: its file already stored. */
interface VersionDocument {
  title: string;
  documentType: repo.TemplateDocumentRow['documentType'];
  fileName: string;
  checkBoxTexts: string[];
  signatureFields: SignatureField[];
  storageKey: string;
  sha256: string;
  pageCount: number;
  sizeBytes: number;
}

/** A stored document as the next version's (same file). */
const versionDocumentOf = (d: repo.TemplateDocumentRow): VersionDocument => ({
  title: d.title,
  documentType: d.documentType,
  fileName: d.fileName,
  checkBoxTexts: d.checkBoxTexts,
  signatureFields: d.signatureFields,
  storageKey: d.storageKey,
  sha256: d.sha256,
  pageCount: d.pageCount,
  sizeBytes: d.sizeBytes,
});

interface VersionContent {
  level: CertificationLevel;
  requestLabel: string | null;
  roles: TemplateRole[];
  options: SignatureOptions;
  documents: VersionDocument[];
}

const rolesOf = (data: RequestTemplateData): TemplateRole[] =>
  data.roles.map((r) => ({
    name: r.name,
    role: r.role,
    coSigner: r.coSigner,
    step: r.role === 'observer' ? null : (r.step ?? null),
    language: r.language ?? null,
    invitationMessage: r.invitationMessage ?? null,
    prefill: r.prefill ? { ...r.prefill, phoneNum: r.prefill.phoneNum ?? null } : null,
  }));

async function assertUsable(tx: Tx, appId: string, content: Pick<VersionContent, 'level' | 'options'>) {
  assertLevelAndOptions(await getApplication(tx, appId), content.level, content.options);
}

async function writeVersion(tx: Tx, opts: Options, templateId: string, version: number, content: VersionContent) {
  await repo.insertVersion(
    tx,
    {
      appId: opts.actor.appId,
      templateId,
      version,
      level: content.level,
      requestLabel: content.requestLabel,
      roles: content.roles,
      options: content.options,
      createdBy: opts.actor.realUserId,
      createdAt: opts.platform.clock(),
    },
    content.documents.map((d, position) => ({ ...d, position, createdAt: opts.platform.clock() })),
  );
}

/** A new template (version 1) with its files already stored; the caller discards them if this fails. */
async function insertTemplate(
  opts: Options & {
    name: string;
    description: string | null;
    visibility: TemplateVisibility;
    content: VersionContent;
    auditData: Record<string, unknown>;
    within?: (tx: Tx, templateId: string) => Promise<void>;
  },
): Promise<RequestTemplate> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    await assertUsable(tx, actor.appId, opts.content);
    const now = platform.clock();
    const row = await repo.insertTemplate(tx, {
      appId: actor.appId,
      ownerUserId: actor.userId,
      name: opts.name,
      description: opts.description,
      visibility: opts.visibility,
      currentVersion: 1,
      createdAt: now,
      updatedAt: now,
    });
    await writeVersion(tx, opts, row.id, 1, opts.content);
    await opts.within?.(tx, row.id);
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'request_template.created',
      targetType: 'request_template',
      targetId: row.id,
      data: { name: row.name, ...opts.auditData },
      ip: actor.ip,
    });
    return templateView(tx, await accessOf(tx, actor), row, now);
  });
}

/** Stores checked uploads as template files; the keys come back in the same order. */
async function storeUploads(opts: Options, documents: readonly PreparedDocument[]): Promise<VersionDocument[]> {
  const keys = await storeFresh(opts.platform, opts.actor.appId, filePrefix, documents);
  return documents.map((d, i) => ({
    title: d.title,
    documentType: d.documentType,
    fileName: d.fileName,
    checkBoxTexts: d.checkBoxTexts,
    signatureFields: d.signatureFields,
    storageKey: keys[i]!,
    sha256: d.sha256,
    pageCount: d.pageCount,
    sizeBytes: d.data.length,
  }));
}

/** POST /api/request-templates: from uploaded documents (checked as a request's are) and the template's JSON. */
export async function createTemplate(
  opts: Options & {
    data: RequestTemplateData;
    documents: PreparedDocument[];
    /** More writes in the template's transaction (the embedded editor's link bound to it); throwing makes nothing. */
    within?: (tx: Tx, templateId: string) => Promise<void>;
  },
): Promise<RequestTemplate> {
  const { data } = opts;
  const documents = await storeUploads(opts, opts.documents);
  try {
    return await insertTemplate({
      ...opts,
      name: data.name,
      description: data.description,
      visibility: data.visibility,
      content: { level: data.level, requestLabel: data.requestLabel, roles: rolesOf(data), options: data.optionsRequest, documents },
      auditData: {},
    });
  } catch (error) {
    await discardStored(
      opts.platform,
      documents.map((d) => d.storageKey),
    );
    throw error;
  }
}

const roleWords: Record<SignerRole, string> = { signer: 'Signer', observer: 'Observer', validator: 'Validator' };

/**
 * A request saved as a template: its documents (original files, copied), fields, options and label; its signers
 * become roles named "Signer 1", "Observer 1"… (renamed in the editor), with their people when `keepPeople`.
 */
export async function createTemplateFromRequest(opts: Options & { input: z.output<typeof templateFromRequestInputSchema> }): Promise<RequestTemplate> {
  const { platform, actor, input } = opts;
  const blueprint = await requestBlueprint({ platform, actor, id: input.requestId });
  const signers = [...blueprint.signers].sort((a, b) => a.signerIndex - b.signerIndex);
  const roleIndexOf = new Map(signers.map((s, i) => [s.signerIndex, i]));
  const counts = new Map<SignerRole, number>();
  const roles: TemplateRole[] = signers.map((s) => {
    const n = (counts.get(s.role) ?? 0) + 1;
    counts.set(s.role, n);
    return {
      name: `${roleWords[s.role]} ${n}`,
      role: s.role,
      coSigner: s.coSigner,
      step: s.step,
      language: input.keepPeople ? (s.language as TemplateRole['language']) : null,
      invitationMessage: s.invitationMessage,
      prefill: input.keepPeople ? { firstname: s.firstname, lastname: s.lastname, emailAddress: s.email, phoneNum: s.phone } : null,
    };
  });
  if (!roles.length) throw new AppError('VALIDATION_FAILED', 'A request without participants cannot be saved as a template: add one first.');
  if (!blueprint.documents.length) throw new AppError('VALIDATION_FAILED', 'A request without documents cannot be saved as a template: add one first.');
  // The files are copied: the template must outlive the request (deleted, purged) without sharing its files.
  const copies = await storeFresh(
    platform,
    actor.appId,
    filePrefix,
    await Promise.all(blueprint.documents.map(async (d) => ({ data: await platform.storage.get(d.storageKey) }))),
  );
  const documents = blueprint.documents.map((d, i) => ({
    ...d,
    storageKey: copies[i]!,
    // A field of a signer the request no longer has cannot be kept; the stamp's (-1) stays.
    signatureFields: d.signatureFields.flatMap((f) =>
      f.signerIndex < 0 ? [f] : roleIndexOf.has(f.signerIndex) ? [{ ...f, signerIndex: roleIndexOf.get(f.signerIndex)! }] : [],
    ),
  }));
  try {
    return await insertTemplate({
      ...opts,
      name: input.name,
      description: blueprint.description,
      visibility: input.visibility,
      content: { level: blueprint.level, requestLabel: blueprint.label, roles, options: blueprint.options, documents },
      auditData: { fromRequest: input.requestId },
    });
  } catch (error) {
    await discardStored(platform, copies);
    throw error;
  }
}

/**
 * PUT /api/request-templates/:id: a new version. Entries with a `documentId` keep that document of the current
 * version (same file; their title, consents and fields as sent); the others are the checked uploads `added`.
 * Requests already made keep pointing at their version.
 */
export async function updateTemplate(opts: Options & { id: string; data: RequestTemplateData; added: PreparedDocument[] }): Promise<RequestTemplate> {
  const { platform, actor, data } = opts;
  const stored = await storeUploads(opts, opts.added);
  try {
    return await platform.database.inTenant(actor.appId, async (tx) => {
      const row = await lockEditable(tx, actor, opts.id);
      const current = await repo.documentsOfVersion(tx, actor.appId, row.id, row.currentVersion);
      const documents: VersionDocument[] = [];
      const problems: { field: string; rule: 'invalid_value'; message: string }[] = [];
      let freshIndex = 0;
      data.documents.forEach((entry, index) => {
        if (!entry.documentId) {
          const fromThisEntry = opts.added.flatMap((d, i) => (d.entryIndex === freshIndex ? [stored[i]!] : []));
          freshIndex += 1;
          documents.push(...fromThisEntry);
          return;
        }
        const kept = current.find((d) => d.id === entry.documentId);
        if (!kept) {
          problems.push({
            field: `documents.${index}.documentId`,
            rule: 'invalid_value',
            message: 'This document is not in the current version of the template.',
          });
          return;
        }
        documents.push({
          ...versionDocumentOf(kept),
          title: entry.title || kept.title,
          documentType: entry.documentType,
          checkBoxTexts: entry.checkBoxTexts,
          signatureFields: entry.signatureFields,
        });
      });
      // Files sent without an entry come last, with their default fields.
      documents.push(...opts.added.flatMap((d, i) => (d.entryIndex < 0 ? [stored[i]!] : [])));
      if (problems.length) throw new AppError('VALIDATION_FAILED', problems[0]!.message, { fields: problems });
      const beyond = documents.flatMap((d) => d.signatureFields.filter((f) => f.page > d.pageCount).map(() => d.fileName));
      if (beyond.length) throw new AppError('VALIDATION_FAILED', `A field is past the last page of ${beyond[0]}.`);
      const content = { level: data.level, requestLabel: data.requestLabel, roles: rolesOf(data), options: data.optionsRequest, documents };
      await assertUsable(tx, actor.appId, content);
      const version = row.currentVersion + 1;
      await writeVersion(tx, opts, row.id, version, content);
      const now = platform.clock();
      const updated = await repo.updateTemplate(tx, actor.appId, row.id, {
        name: data.name,
        description: data.description,
        visibility: data.visibility,
        currentVersion: version,
        updatedAt: now,
      });
      await audit(tx, {
        appId: actor.appId,
        actorUserId: actor.realUserId,
        action: 'request_template.updated',
        targetType: 'request_template',
        targetId: row.id,
        data: { name: data.name, version },
        ip: actor.ip,
      });
      return templateView(tx, await accessOf(tx, actor), updated, now);
    });
  } catch (error) {
    await discardStored(
      platform,
      stored.map((d) => d.storageKey),
    );
    throw error;
  }
}

/** A new private template of the caller, version 1 = the current version of this one (its files shared: never rewritten). */
export async function duplicateTemplate(opts: Options & { id: string }): Promise<RequestTemplate> {
  const { platform, actor } = opts;
  const source = await platform.database.inTenant(actor.appId, async (tx) => {
    const row = await (await findVisibleTemplate(tx, actor)).find(opts.id);
    const version = (await repo.findVersion(tx, actor.appId, row.id, row.currentVersion))!;
    const documents = await repo.documentsOfVersion(tx, actor.appId, row.id, row.currentVersion);
    return { row, version, documents };
  });
  const { row, version } = source;
  return insertTemplate({
    ...opts,
    name: `${row.name} (copy)`.slice(0, 200),
    description: row.description,
    visibility: 'private',
    content: {
      level: version.level,
      requestLabel: version.requestLabel,
      roles: version.roles,
      options: version.options,
      documents: source.documents.map(versionDocumentOf),
    },
    auditData: { duplicatedFrom: row.id },
  });
}
