import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Danish (dk) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const dk: Partial<Catalogue<TemplateName>> = {
  'direct-link-code': {
    subject: 'Din bekræftelseskode: ${code}',
    paragraphs: [
      'Hej ${name},',
      'Din kode til at åbne "${templateName}" fra ${company} er ${code}. Den udløber om ${minutes} minutter.',
      'Har du ikke bedt om den, så se bort fra denne e-mail. Del den aldrig med nogen.',
    ],
  },
};
