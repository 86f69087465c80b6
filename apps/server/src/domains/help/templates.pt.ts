import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** European Portuguese (pt) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const pt: Partial<Catalogue<TemplateName>> = {
  'help-request': {
    subject: 'Pedido de ajuda (${company}): ${subject}',
    paragraphs: [
      '${userName} (${userEmail}, ${company}) pede ajuda — categoria: ${category}.',
      '${message}',
      'Contexto: ${context}',
      'Responda diretamente a ${userEmail}.',
    ],
    action: { label: 'Ver os pedidos', linkParam: 'link' },
  },
};
