import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Norwegian (Bokmål) (no) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const no: Partial<Catalogue<TemplateName>> = {
  'signing-code': {
    subject: 'Signeringskoden din: ${code}',
    paragraphs: [
      'Hei ${signerName},',
      'Koden din for å signere «${label}» er ${code}. Den utløper om ${minutes} minutter.',
      'Ikke del den med noen: ${company} vil aldri be deg om den.',
    ],
    sms: '${company}: koden din for å signere "${label}" er ${code} (gyldig i ${minutes} min).',
  },
  'signed-documents': {
    subject: 'Signert: «${label}»',
    paragraphs: ['Hei ${name},', 'Alle signatarene har signert «${label}» (${company}). De signerte dokumentene er vedlagt.'],
  },
  'signed-documents-link': {
    subject: 'Signert: «${label}»',
    paragraphs: [
      'Hei ${name},',
      'Alle signatarene har signert «${label}» (${company}). De signerte dokumentene er for store til å legges ved: Last dem ned via lenken nedenfor.',
    ],
    action: { label: 'Last ned de signerte dokumentene', linkParam: 'link' },
  },
};
