import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Spanish (es) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const es: Partial<Catalogue<TemplateName>> = {
  'help-request': {
    subject: 'Solicitud de ayuda (${company}): ${subject}',
    paragraphs: [
      '${userName} (${userEmail}, ${company}) solicita ayuda — categoría: ${category}.',
      '${message}',
      'Contexto: ${context}',
      'Responda directamente a ${userEmail}.',
    ],
    action: { label: 'Ver las solicitudes', linkParam: 'link' },
  },
};
