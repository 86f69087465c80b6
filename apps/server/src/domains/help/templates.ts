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

declare module '../../platform/messaging/templates/types.ts' {
  interface MailTemplates {
    /** A help request: to the product administrator and to the tenant's support address (its attachment attached). */
    'help-request': { company: string; userName: string; userEmail: string; category: string; subject: string; message: string; context: string; link: string };
  }
}

export const helpTemplates: TemplateCatalogues<'help-request'> = {
  fr: {
    'help-request': {
      subject: "Demande d'aide (${company}) : ${subject}",
      paragraphs: [
        '${userName} (${userEmail}, ${company}) demande de l’aide — catégorie : ${category}.',
        '${message}',
        'Contexte : ${context}',
        'Répondez directement à ${userEmail}.',
      ],
      action: { label: 'Voir les demandes', linkParam: 'link' },
    },
  },
  en: {
    'help-request': {
      subject: 'Help request (${company}): ${subject}',
      paragraphs: [
        '${userName} (${userEmail}, ${company}) asks for help — category: ${category}.',
        '${message}',
        'Context: ${context}',
        'Answer ${userEmail} directly.',
      ],
      action: { label: 'See the requests', linkParam: 'link' },
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
