import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Spanish (es) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const es: Partial<Catalogue<TemplateName>> = {
  'direct-link-code': {
    subject: 'Su código de verificación: ${code}',
    paragraphs: [
      'Hola ${name}:',
      'Su código para abrir «${templateName}» de ${company} es ${code}. Caduca en ${minutes} minutos.',
      'Si no lo ha solicitado, ignore este correo. No lo comparta con nadie.',
    ],
  },
};
