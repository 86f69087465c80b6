import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Norwegian (no) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const no: Partial<Catalogue<TemplateName>> = {
  'survey-invitation': {
    subject: 'Din mening om «${label}»',
    paragraphs: ['Hei ${signerName},', 'Takk for at du signerte «${label}». ${company} vil gjerne høre din mening: undersøkelsen tar bare noen få minutter.'],
    action: { label: 'Svar på undersøkelsen', linkParam: 'link' },
  },
};
