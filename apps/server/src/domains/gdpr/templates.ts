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

/** The link of a person's data export, to the user who asked for it (never to the person). */
declare module '../../platform/messaging/templates/types.ts' {
  interface MailTemplates {
    'gdpr-export-ready': { firstName: string; subject: string; days: number; link: string };
  }
}

export const gdprTemplates: TemplateCatalogues<'gdpr-export-ready'> = {
  fr: {
    'gdpr-export-ready': {
      subject: 'Export RGPD prêt : ${subject}',
      paragraphs: [
        'Bonjour ${firstName},',
        "L'export des données que votre compte détient sur ${subject}, que vous avez demandé, est prêt. Il contient les fiches de contact, les participations aux demandes de signature et les documents signés encore conservés.",
        'Le lien fonctionne pendant ${days} jours. Ce fichier contient des données personnelles : transmettez-le uniquement à la personne concernée, par un moyen sûr.',
      ],
      action: { label: "Télécharger l'export", linkParam: 'link' },
    },
  },
  en: {
    'gdpr-export-ready': {
      subject: 'GDPR export ready: ${subject}',
      paragraphs: [
        'Hello ${firstName},',
        'The export you asked for of the data your account holds about ${subject} is ready. It contains the contact records, the signature requests they took part in and the signed documents still kept.',
        'The link works for ${days} days. The file holds personal data: give it only to the person concerned, by a secure channel.',
      ],
      action: { label: 'Download the export', linkParam: 'link' },
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
