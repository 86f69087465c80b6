import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Spanish (es) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const es: Partial<Catalogue<TemplateName>> = {
  'survey-invitation': {
    subject: 'Su opinión sobre «${label}»',
    paragraphs: [
      'Estimado/a ${signerName}:',
      'Gracias por firmar «${label}». A ${company} le gustaría conocer su opinión: la encuesta solo le llevará unos minutos.',
    ],
    action: { label: 'Responder a la encuesta', linkParam: 'link' },
  },
};
