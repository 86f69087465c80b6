import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Norwegian (no) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const no: Partial<Catalogue<TemplateName>> = {
  'direct-link-code': {
    subject: 'Din bekreftelseskode: ${code}',
    paragraphs: [
      'Hei ${name},',
      'Koden din for å åpne «${templateName}» fra ${company} er ${code}. Den utløper om ${minutes} minutter.',
      'Hvis du ikke ba om den, kan du se bort fra denne e-posten. Ikke del den med noen.',
    ],
  },
};
