import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Italian (it) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const it: Partial<Catalogue<TemplateName>> = {
  'signing-code': {
    subject: 'Il suo codice di firma: ${code}',
    paragraphs: [
      'Gentile ${signerName},',
      'Il suo codice per firmare «${label}» è ${code}. Scade tra ${minutes} minuti.',
      'Non lo comunichi a nessuno: ${company} non glielo chiederà mai.',
    ],
    sms: '${company}: il suo codice per firmare "${label}" è ${code} (valido ${minutes} min).',
  },
  'signed-documents': {
    subject: 'Firmato: «${label}»',
    paragraphs: ['Gentile ${name},', 'Tutti i firmatari hanno firmato «${label}» (${company}). In allegato trova i documenti firmati.'],
  },
  'signed-documents-link': {
    subject: 'Firmato: «${label}»',
    paragraphs: [
      'Gentile ${name},',
      'Tutti i firmatari hanno firmato «${label}» (${company}). I documenti firmati sono troppo grandi per essere allegati: li scarichi dal link qui sotto.',
    ],
    action: { label: 'Scarica i documenti firmati', linkParam: 'link' },
  },
};
