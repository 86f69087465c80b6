import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Swedish (se) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const se: Partial<Catalogue<TemplateName>> = {
  'help-request': {
    subject: 'Hjälpförfrågan (${company}): ${subject}',
    paragraphs: [
      '${userName} (${userEmail}, ${company}) ber om hjälp — kategori: ${category}.',
      '${message}',
      'Sammanhang: ${context}',
      'Svara direkt till ${userEmail}.',
    ],
    action: { label: 'Visa förfrågningarna', linkParam: 'link' },
  },
};
