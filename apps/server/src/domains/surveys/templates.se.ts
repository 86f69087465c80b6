import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Swedish (se) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const se: Partial<Catalogue<TemplateName>> = {
  'survey-invitation': {
    subject: 'Din åsikt om "${label}"',
    paragraphs: ['Hej ${signerName},', 'Tack för att du har undertecknat "${label}". ${company} vill gärna höra din åsikt: enkäten tar bara några minuter.'],
    action: { label: 'Svara på enkäten', linkParam: 'link' },
  },
};
