import type { z } from 'zod';
import type { CertificationLevel, FieldError, SignatureOptions, SignatureRequestData, TemplateRole, useTemplateInputSchema } from '@paraphe/contracts';
import { AppError } from '../../platform/errors.ts';
import type { Tx } from '../../platform/db/client.ts';
import { createSignatureRequest, inspectPdf, type PreparedDocument, type RequestProvenance } from '../signatures/index.ts';
import * as repo from './repository.ts';
import { findVisibleTemplate, type Options } from './service.ts';

type UseInput = z.output<typeof useTemplateInputSchema>;
type Assignment = UseInput['roles'][number];

/**
 * Each role's person: the assignment naming it (by name, case-insensitive, or position), else its prefilled person.
 * An assignment naming no role, a role named twice or a role left without anyone is a field error.
 */
export function signersOf(roles: readonly TemplateRole[], input: UseInput): SignatureRequestData['transactionSigners'] {
  const problems: FieldError[] = [];
  const byRole = new Map<number, Assignment>();
  /** Where each role's person was given in `input.roles` (field errors name the entry sent, when there is one). */
  const entryOf = new Map<number, number>();
  input.roles.forEach((assignment, i) => {
    const index =
      typeof assignment.role === 'number'
        ? assignment.role < roles.length
          ? assignment.role
          : -1
        : roles.findIndex((r) => r.name.toLowerCase() === String(assignment.role).toLowerCase());
    if (index < 0) problems.push({ field: `roles.${i}.role`, rule: 'invalid_value', message: `The template has no role "${assignment.role}".` });
    else if (byRole.has(index)) problems.push({ field: `roles.${i}.role`, rule: 'invalid_value', message: `The role "${roles[index]!.name}" is given twice.` });
    else {
      byRole.set(index, assignment);
      entryOf.set(index, i);
    }
  });
  const signers = roles.flatMap((role, signerIndex) => {
    const person = byRole.get(signerIndex) ?? role.prefill;
    if (!person) {
      problems.push({ field: `roles.${signerIndex}`, rule: 'required', message: `Who is "${role.name}"? Give their name and e-mail.` });
      return [];
    }
    const assigned = byRole.get(signerIndex);
    return [
      {
        firstname: person.firstname,
        lastname: person.lastname,
        emailAddress: person.emailAddress,
        phoneNum: person.phoneNum ?? null,
        language: assigned?.language ?? role.language ?? null,
        role: role.role,
        coSigner: role.coSigner,
        connector: assigned?.connector ?? null,
        signerIndex,
        step: role.step,
        invitationMessage: assigned?.invitationMessage ?? role.invitationMessage,
      },
    ];
  });
  const seen = new Map<string, number>();
  signers.forEach((s) => {
    const email = s.emailAddress.toLowerCase();
    const earlier = seen.get(email);
    if (earlier !== undefined) {
      // The entry sent for one of the two (this role's, else the earlier one's); two prefilled persons: the role.
      const entry = entryOf.get(s.signerIndex) ?? entryOf.get(earlier);
      problems.push({
        field: entry !== undefined ? `roles.${entry}.emailAddress` : `roles.${s.signerIndex}`,
        rule: 'invalid_value',
        message: `${roles[earlier]!.name} and ${roles[s.signerIndex]!.name} have the same e-mail: each person needs their own.`,
      });
    }
    seen.set(email, s.signerIndex);
  });
  if (problems.length) throw new AppError('VALIDATION_FAILED', problems[0]!.message, { fields: problems });
  return signers;
}

/**
 * A version of a template the caller sees (the current one unless named), not archived, with its documents read
 * from storage and checked again as a duplicate's are: what a request, or a campaign (campaigns domain), is made from.
 */
export async function templateVersionToUse(opts: Options & { id: string; version?: number }) {
  const { platform, actor } = opts;
  const source = await platform.database.inTenant(actor.appId, async (tx) => {
    const row = await (await findVisibleTemplate(tx, actor, opts.via)).find(opts.id);
    if (row.archivedAt) throw new AppError('INVALID_TRANSITION', 'This template is archived: restore it to use it.');
    const versionNumber = opts.version ?? row.currentVersion;
    const version = await repo.findVersion(tx, actor.appId, row.id, versionNumber);
    if (!version) {
      throw new AppError('VALIDATION_FAILED', `The template has no version ${versionNumber}.`, {
        fields: [
          {
            field: 'version',
            rule: 'out_of_range',
            message: `The template has versions 1 to ${row.currentVersion}.`,
            params: { min: 1, max: row.currentVersion },
          },
        ],
      });
    }
    return { row, version, documents: await repo.documentsOfVersion(tx, actor.appId, row.id, versionNumber) };
  });
  const documents: PreparedDocument[] = [];
  for (const [entryIndex, doc] of source.documents.entries()) {
    const data = await platform.storage.get(doc.storageKey);
    documents.push({
      title: doc.title,
      documentType: doc.documentType,
      fileType: 'classic',
      fileName: doc.fileName,
      checkBoxTexts: doc.checkBoxTexts,
      signatureFields: doc.signatureFields,
      data,
      pageCount: doc.pageCount,
      sha256: doc.sha256,
      inspection: await inspectPdf(platform.workers, data, doc.fileName),
      entryIndex,
    });
  }
  return { row: source.row, version: source.version, documents };
}

/** What a batch (a campaign: campaigns domain) is made from: plain values of a template version, its documents read. */
export interface TemplateForBatch {
  templateId: string;
  templateName: string;
  version: number;
  label: string;
  level: CertificationLevel;
  options: SignatureOptions;
  /** Each role's kind, step and prefilled person (an operation's orders fall back on it: operations domain). */
  roles: {
    name: string;
    role: TemplateRole['role'];
    step: number | null;
    language: TemplateRole['language'];
    prefill: { firstname: string; lastname: string; email: string; phone: string | null } | null;
  }[];
  documents: PreparedDocument[];
}

export async function templateForBatch(opts: Options & { id: string; version?: number }): Promise<TemplateForBatch> {
  const { row, version, documents } = await templateVersionToUse(opts);
  return {
    templateId: row.id,
    templateName: row.name,
    version: version.version,
    label: version.requestLabel ?? row.name,
    level: version.level,
    options: version.options,
    roles: version.roles.map((r) => ({
      name: r.name,
      role: r.role,
      step: r.step,
      language: r.language,
      prefill: r.prefill && { firstname: r.prefill.firstname, lastname: r.prefill.lastname, email: r.prefill.emailAddress, phone: r.prefill.phoneNum ?? null },
    })),
    documents,
  };
}

/** Where a request made from a template comes from, when not a sender's "use" (a direct link: direct-links.ts). */
export interface TemplateRequestOrigin {
  /** The evidence's provenance, given the template version used. */
  provenance: (made: { templateId: string; templateName: string; templateVersion: number }) => RequestProvenance;
  /** More writes in the request's transaction (the link's use, the claim's request); throwing makes nothing. */
  within: (tx: Tx, requestId: string) => Promise<void>;
}

/**
 * POST /api/request-templates/:id/requests: a request made from a version of the template (the current one unless
 * named), recorded as such in its evidence trail and in the template's uses, in the request's transaction. The files
 * are read from the template and checked again, as a duplicate's are: the request gets its own copies.
 */
export async function createRequestFromTemplate(opts: Options & { id: string; input: UseInput; origin?: TemplateRequestOrigin }) {
  const { platform, actor, input } = opts;
  const { row, version, documents } = await templateVersionToUse({ ...opts, version: input.version });
  const transactionSigners = signersOf(version.roles, input);
  const data: SignatureRequestData = {
    label: input.label ?? version.requestLabel ?? row.name,
    transactionRequest: { description: input.description ?? null, send: input.send },
    transactionSigners,
    transactionDocuments: [],
    optionsRequest: version.options as SignatureRequestData['optionsRequest'],
  };
  return createSignatureRequest({
    platform,
    actor,
    level: version.level,
    data,
    documents,
    provenance: (opts.origin?.provenance ?? ((made) => ({ kind: 'template', ...made })))({
      templateId: row.id,
      templateName: row.name,
      templateVersion: version.version,
    }),
    within: async (tx, requestId) => {
      await repo.insertUse(tx, { requestId, appId: actor.appId, templateId: row.id, version: version.version, createdAt: platform.clock() });
      await opts.origin?.within(tx, requestId);
    },
  });
}
