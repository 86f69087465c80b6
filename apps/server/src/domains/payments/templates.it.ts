import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Italian (it) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const it: Partial<Catalogue<TemplateName>> = {
  'payment-auto-failed': {
    subject: 'Pagamento automatico non riuscito (${company})',
    paragraphs: [
      'Buongiorno,',
      'Il pagamento automatico di ${amount} € per ${company} non è riuscito: ${reason}.',
      'Corregga il metodo di pagamento in Impostazioni → Fatturazione, quindi saldi le fatture in sospeso.',
    ],
    action: { label: 'Visualizza i pagamenti', linkParam: 'link' },
  },
};
