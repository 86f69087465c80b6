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

/** The survey connector's one mail: after completion, the link to the tenant's Typeform form. */
declare module '../../platform/messaging/templates/types.ts' {
  interface MailTemplates {
    /** To each signer of a completed request when the tenant's survey is on; `link` carries the hidden fields. */
    'survey-invitation': { signerName: string; company: string; label: string; link: string };
  }
}

export const surveyTemplates: TemplateCatalogues<'survey-invitation'> = {
  fr: {
    'survey-invitation': {
      subject: 'Votre avis sur « ${label} »',
      paragraphs: [
        'Bonjour ${signerName},',
        'Merci d’avoir signé « ${label} ». ${company} aimerait connaître votre avis : répondre au questionnaire ne prend que quelques minutes.',
      ],
      action: { label: 'Répondre au questionnaire', linkParam: 'link' },
    },
  },
  en: {
    'survey-invitation': {
      subject: 'Your opinion on "${label}"',
      paragraphs: [
        'Hello ${signerName},',
        'Thank you for signing "${label}". ${company} would like to hear your opinion: the survey takes only a few minutes.',
      ],
      action: { label: 'Answer the survey', linkParam: 'link' },
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
