import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Danish (dk) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const dk: Partial<Catalogue<TemplateName>> = {
  'survey-invitation': {
    subject: 'Din mening om "${label}"',
    paragraphs: [
      'Kære ${signerName},',
      'Tak, fordi du har underskrevet "${label}". ${company} vil gerne høre din mening: spørgeskemaet tager kun få minutter.',
    ],
    action: { label: 'Besvar spørgeskemaet', linkParam: 'link' },
  },
};
