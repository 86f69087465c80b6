import type { CertificationLevel, SignatureField, SignatureOptions, SignerRole } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import { presentField } from './presenter.ts';
import * as repo from './repository.ts';
import { chosenBySender, findVisible } from './service.ts';
import { assertNotPurged } from './retention.ts';
import { mandateDocumentPosition } from './sepa.ts';

/**
 * A request as something to make again (the request templates domain saves it as a template): what it asks, of whom,
 * on which original files. Plain data; the SEPA mandate is left out (rendered again at each send).
 */
export interface RequestBlueprint {
  label: string;
  description: string | null;
  level: CertificationLevel;
  options: SignatureOptions;
  signers: {
    firstname: string;
    lastname: string;
    email: string;
    phone: string | null;
    language: string;
    role: SignerRole;
    coSigner: boolean;
    signerIndex: number;
    step: number | null;
    invitationMessage: string | null;
  }[];
  documents: {
    title: string;
    documentType: 'pdf' | 'pdf-for-presentation' | 'pdf-optional';
    fileName: string;
    checkBoxTexts: string[];
    signatureFields: SignatureField[];
    /** The original upload (never a signed version). */
    storageKey: string;
    sha256: string;
    pageCount: number;
    sizeBytes: number;
  }[];
}

/** The blueprint of a request the actor sees (404 otherwise). */
export async function requestBlueprint(opts: { platform: Platform; actor: Actor; id: string }): Promise<RequestBlueprint> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id);
    assertNotPurged(row.documentsPurgedAt);
    const signers = await repo.signersOf(tx, actor.appId, [row.id]);
    const documents = (await repo.documentsOf(tx, actor.appId, [row.id])).filter((d) => d.position !== mandateDocumentPosition);
    return {
      label: row.label,
      description: row.description,
      level: row.level,
      options: row.options,
      signers: signers.filter(chosenBySender).map((s) => ({
        firstname: s.firstname,
        lastname: s.lastname,
        email: s.email,
        phone: s.phone,
        language: s.language,
        role: s.role,
        coSigner: s.coSigner,
        signerIndex: s.signerIndex,
        step: s.step,
        invitationMessage: s.invitationMessage,
      })),
      documents: documents.map((d) => ({
        title: d.title,
        documentType: d.documentType,
        fileName: d.fileName,
        checkBoxTexts: d.checkBoxTexts,
        signatureFields: d.fields.map(presentField),
        storageKey: d.storageKey,
        sha256: d.sha256,
        pageCount: d.pageCount,
        sizeBytes: d.sizeBytes,
      })),
    };
  });
}
