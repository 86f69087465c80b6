import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Danish (dk) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const dk: Partial<Catalogue<TemplateName>> = {
  'help-request': {
    subject: 'Hjælpeanmodning (${company}): ${subject}',
    paragraphs: [
      '${userName} (${userEmail}, ${company}) beder om hjælp — kategori: ${category}.',
      '${message}',
      'Kontekst: ${context}',
      'Svar ${userEmail} direkte.',
    ],
    action: { label: 'Se anmodningerne', linkParam: 'link' },
  },
};
