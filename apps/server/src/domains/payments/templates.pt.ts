import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** European Portuguese (pt) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const pt: Partial<Catalogue<TemplateName>> = {
  'payment-auto-failed': {
    subject: 'Falha no pagamento automático (${company})',
    paragraphs: [
      'Olá,',
      'O pagamento automático de ${amount} € da conta ${company} falhou: ${reason}.',
      'Corrija o seu método de pagamento em Definições → Faturação e, em seguida, pague as faturas pendentes.',
    ],
    action: { label: 'Ver os pagamentos', linkParam: 'link' },
  },
};
