import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** German (de) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const de: Partial<Catalogue<TemplateName>> = {
  'survey-invitation': {
    subject: 'Ihre Meinung zu „${label}“',
    paragraphs: [
      'Guten Tag ${signerName},',
      'vielen Dank, dass Sie „${label}“ signiert haben. ${company} würde gerne Ihre Meinung erfahren: Die Umfrage dauert nur wenige Minuten.',
    ],
    action: { label: 'An der Umfrage teilnehmen', linkParam: 'link' },
  },
};
