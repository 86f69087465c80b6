import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Portuguese (pt) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const pt: Partial<Catalogue<TemplateName>> = {
  'survey-invitation': {
    subject: 'A sua opinião sobre «${label}»',
    paragraphs: [
      'Caro/a ${signerName},',
      'Obrigado por ter assinado «${label}». A empresa ${company} gostaria de conhecer a sua opinião: o questionário demora apenas alguns minutos.',
    ],
    action: { label: 'Responder ao questionário', linkParam: 'link' },
  },
};
