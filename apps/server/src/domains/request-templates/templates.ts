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
    /** A direct link's visitor proves their e-mail address with this code (docs/templates.md, "Direct links"). */
    'direct-link-code': { name: string; company: string; templateName: string; code: string; minutes: number };
  }
}

export const requestTemplateMailTemplates: TemplateCatalogues<'direct-link-code'> = {
  fr: {
    'direct-link-code': {
      subject: 'Votre code de vérification : ${code}',
      paragraphs: [
        'Bonjour ${name},',
        'Votre code pour ouvrir « ${templateName} » de ${company} est ${code}. Il expire dans ${minutes} minutes.',
        'Si vous ne l’avez pas demandé, ignorez ce message. Ne le communiquez à personne.',
      ],
    },
  },
  en: {
    'direct-link-code': {
      subject: 'Your verification code: ${code}',
      paragraphs: [
        'Hello ${name},',
        'Your code to open "${templateName}" from ${company} is ${code}. It expires in ${minutes} minutes.',
        'If you did not ask for it, ignore this e-mail. Never share it.',
      ],
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
