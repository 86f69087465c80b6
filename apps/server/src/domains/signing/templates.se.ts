import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Swedish (se) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const se: Partial<Catalogue<TemplateName>> = {
  'signing-code': {
    subject: 'Din signeringskod: ${code}',
    paragraphs: [
      'Hej ${signerName},',
      'Din kod för att signera ”${label}” är ${code}. Den går ut om ${minutes} minuter.',
      'Dela aldrig koden med någon: ${company} kommer aldrig att be dig om den.',
    ],
    sms: '${company}: din kod för att signera "${label}" är ${code} (giltig i ${minutes} min).',
  },
  'signed-documents': {
    subject: 'Signerat: ”${label}”',
    paragraphs: ['Hej ${name},', 'Alla undertecknare har signerat ”${label}” (${company}). De signerade dokumenten bifogas.'],
  },
  'signed-documents-link': {
    subject: 'Signerat: ”${label}”',
    paragraphs: [
      'Hej ${name},',
      'Alla undertecknare har signerat ”${label}” (${company}). De signerade dokumenten är för stora för att bifogas: ladda ned dem via länken nedan.',
    ],
    action: { label: 'Ladda ned de signerade dokumenten', linkParam: 'link' },
  },
};
