import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Dutch (nl) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const nl: Partial<Catalogue<TemplateName>> = {
  'signing-code': {
    subject: 'Uw ondertekeningscode: ${code}',
    paragraphs: [
      'Beste ${signerName},',
      'Uw code om ‘${label}’ te ondertekenen is ${code}. Deze code verloopt over ${minutes} minuten.',
      'Deel deze code met niemand: ${company} zal er nooit om vragen.',
    ],
    sms: '${company}: uw code om "${label}" te ondertekenen is ${code} (${minutes} min. geldig).',
  },
  'signed-documents': {
    subject: 'Ondertekend: ‘${label}’',
    paragraphs: ['Beste ${name},', 'Alle ondertekenaars hebben ‘${label}’ (${company}) ondertekend. De ondertekende documenten zijn bijgevoegd.'],
  },
  'signed-documents-link': {
    subject: 'Ondertekend: ‘${label}’',
    paragraphs: [
      'Beste ${name},',
      'Alle ondertekenaars hebben ‘${label}’ (${company}) ondertekend. De ondertekende documenten zijn te groot om bij te voegen: download ze via de onderstaande link.',
    ],
    action: { label: 'Ondertekende documenten downloaden', linkParam: 'link' },
  },
};
