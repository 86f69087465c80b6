import type { TemplateCatalogues } from '../../platform/messaging/templates/types.ts';
import { de } from './templates.de.ts';
import { dk } from './templates.dk.ts';
import { es } from './templates.es.ts';
import { fi } from './templates.fi.ts';
import { gr } from './templates.gr.ts';
import { it } from './templates.it.ts';
import { nl } from './templates.nl.ts';
import { no } from './templates.no.ts';
import { pt } from './templates.pt.ts';
import { se } from './templates.se.ts';

/** The signing page: the one-time code, and the signed documents at completion. */
declare module '../../platform/messaging/templates/types.ts' {
  interface MailTemplates {
    /** The one-time code of the signing page. */
    'signing-code': { signerName: string; company: string; label: string; code: string; minutes: number };
    /** Signed documents at completion, attached (up to the size limit). */
    'signed-documents': { name: string; company: string; label: string };
    /** Signed documents at completion, too big to attach: a download link. */
    'signed-documents-link': { name: string; company: string; label: string; link: string };
  }
}

export const signingTemplates: TemplateCatalogues<'signing-code' | 'signed-documents' | 'signed-documents-link'> = {
  fr: {
    'signing-code': {
      subject: 'Votre code de signature : ${code}',
      paragraphs: [
        'Bonjour ${signerName},',
        'Votre code pour signer « ${label} » est ${code}. Il expire dans ${minutes} minutes.',
        'Ne le communiquez à personne : ${company} ne vous le demandera jamais.',
      ],
      sms: '${company} : votre code pour signer « ${label} » est ${code} (valable ${minutes} min).',
    },
    'signed-documents': {
      subject: 'Signé : « ${label} »',
      paragraphs: ['Bonjour ${name},', 'Tous les signataires ont signé « ${label} » (${company}). Les documents signés sont joints.'],
    },
    'signed-documents-link': {
      subject: 'Signé : « ${label} »',
      paragraphs: [
        'Bonjour ${name},',
        'Tous les signataires ont signé « ${label} » (${company}). Les documents signés sont trop volumineux pour être joints : téléchargez-les avec le lien ci-dessous.',
      ],
      action: { label: 'Télécharger les documents signés', linkParam: 'link' },
    },
  },
  en: {
    'signing-code': {
      subject: 'Your signing code: ${code}',
      paragraphs: [
        'Hello ${signerName},',
        'Your code to sign "${label}" is ${code}. It expires in ${minutes} minutes.',
        'Never share it: ${company} will never ask you for it.',
      ],
      sms: '${company}: your code to sign "${label}" is ${code} (valid ${minutes} min).',
    },
    'signed-documents': {
      subject: 'Signed: "${label}"',
      paragraphs: ['Hello ${name},', 'Every signer signed "${label}" (${company}). The signed documents are attached.'],
    },
    'signed-documents-link': {
      subject: 'Signed: "${label}"',
      paragraphs: [
        'Hello ${name},',
        'Every signer signed "${label}" (${company}). The signed documents are too large to be attached: download them with the link below.',
      ],
      action: { label: 'Download the signed documents', linkParam: 'link' },
    },
  },
  // The other languages, one file each (templates.<lang>.ts).
  de,
  dk,
  es,
  fi,
  gr,
  it,
  nl,
  no,
  pt,
  se,
};
