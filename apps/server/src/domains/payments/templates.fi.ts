import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Finnish (fi) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const fi: Partial<Catalogue<TemplateName>> = {
  'payment-auto-failed': {
    subject: 'Automaattinen maksu epäonnistui (${company})',
    paragraphs: [
      'Hei,',
      'Tilin ${company} automaattinen ${amount} euron maksu epäonnistui: ${reason}.',
      'Korjaa maksutapasi kohdassa Asetukset → Laskutus ja maksa sitten avoimet laskut.',
    ],
    action: { label: 'Näytä maksut', linkParam: 'link' },
  },
};
