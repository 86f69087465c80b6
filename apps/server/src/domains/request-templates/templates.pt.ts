import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Portuguese (pt) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const pt: Partial<Catalogue<TemplateName>> = {
  'direct-link-code': {
    subject: 'O seu código de verificação: ${code}',
    paragraphs: [
      'Olá ${name},',
      'O seu código para abrir «${templateName}» de ${company} é ${code}. Expira dentro de ${minutes} minutos.',
      'Se não o pediu, ignore este e-mail. Não o partilhe com ninguém.',
    ],
  },
};
