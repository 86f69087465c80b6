import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Danish (dk) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const dk: Partial<Catalogue<TemplateName>> = {
  'signing-code': {
    subject: 'Din underskriftskode: ${code}',
    paragraphs: [
      'Hej ${signerName},',
      'Din kode til at underskrive »${label}« er ${code}. Den udløber om ${minutes} minutter.',
      'Del den aldrig med nogen: ${company} vil aldrig bede dig om den.',
    ],
    sms: '${company}: din kode til at underskrive "${label}" er ${code} (gyldig i ${minutes} min.).',
  },
  'signed-documents': {
    subject: 'Underskrevet: »${label}«',
    paragraphs: ['Hej ${name},', 'Alle underskrivere har underskrevet »${label}« (${company}). De underskrevne dokumenter er vedhæftet.'],
  },
  'signed-documents-link': {
    subject: 'Underskrevet: »${label}«',
    paragraphs: [
      'Hej ${name},',
      'Alle underskrivere har underskrevet »${label}« (${company}). De underskrevne dokumenter er for store til at blive vedhæftet: download dem via linket nedenfor.',
    ],
    action: { label: 'Download de underskrevne dokumenter', linkParam: 'link' },
  },
};
