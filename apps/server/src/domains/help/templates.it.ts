import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Italian (it) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const it: Partial<Catalogue<TemplateName>> = {
  'help-request': {
    subject: 'Richiesta di assistenza (${company}): ${subject}',
    paragraphs: [
      '${userName} (${userEmail}, ${company}) chiede assistenza — categoria: ${category}.',
      '${message}',
      'Contesto: ${context}',
      'Risponda direttamente a ${userEmail}.',
    ],
    action: { label: 'Vedi le richieste', linkParam: 'link' },
  },
};
