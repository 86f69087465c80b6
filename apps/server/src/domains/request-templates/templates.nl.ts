import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Dutch (nl) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const nl: Partial<Catalogue<TemplateName>> = {
  'direct-link-code': {
    subject: 'Uw verificatiecode: ${code}',
    paragraphs: [
      'Beste ${name},',
      'Uw code om "${templateName}" van ${company} te openen is ${code}. Hij verloopt over ${minutes} minuten.',
      'Hebt u hem niet aangevraagd, negeer dan deze e-mail. Deel hem met niemand.',
    ],
  },
};
