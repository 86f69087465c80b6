import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Italian (it) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const it: Partial<Catalogue<TemplateName>> = {
  'direct-link-code': {
    subject: 'Il suo codice di verifica: ${code}',
    paragraphs: [
      'Buongiorno ${name},',
      'Il suo codice per aprire «${templateName}» di ${company} è ${code}. Scade tra ${minutes} minuti.',
      'Se non lo ha richiesto, ignori questa e-mail. Non lo comunichi a nessuno.',
    ],
  },
};
