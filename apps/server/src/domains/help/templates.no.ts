import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Norwegian (Bokmål) (no) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const no: Partial<Catalogue<TemplateName>> = {
  'help-request': {
    subject: 'Hjelpeforespørsel (${company}): ${subject}',
    paragraphs: [
      '${userName} (${userEmail}, ${company}) ber om hjelp — kategori: ${category}.',
      '${message}',
      'Kontekst: ${context}',
      'Svar ${userEmail} direkte.',
    ],
    action: { label: 'Se forespørslene', linkParam: 'link' },
  },
};
