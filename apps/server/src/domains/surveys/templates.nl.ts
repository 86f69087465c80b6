import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Dutch (nl) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const nl: Partial<Catalogue<TemplateName>> = {
  'survey-invitation': {
    subject: 'Uw mening over "${label}"',
    paragraphs: [
      'Beste ${signerName},',
      'Hartelijk dank voor het ondertekenen van "${label}". ${company} hoort graag uw mening: de enquête duurt maar een paar minuten.',
    ],
    action: { label: 'De enquête invullen', linkParam: 'link' },
  },
};
