import type { TemplateCatalogues } from '../../platform/messaging/templates/types.ts';

declare module '../../platform/messaging/templates/types.ts' {
  interface MailTemplates {
    /** An automatic payment failed: to the tenant's billing e-mail and to the product administrator. */
    'payment-auto-failed': { company: string; amount: string; reason: string; link: string };
  }
}

export const paymentTemplates: TemplateCatalogues<'payment-auto-failed'> = {
  fr: {
    'payment-auto-failed': {
      subject: 'Échec du paiement automatique (${company})',
      paragraphs: ['Bonjour,', 'Le paiement automatique de ${amount} € pour ${company} a échoué : ${reason}.', 'Corrigez votre moyen de paiement dans Paramètres → Facturation, puis réglez les factures en attente.'],
      action: { label: 'Voir les paiements', linkParam: 'link' },
    },
  },
  en: {
    'payment-auto-failed': {
      subject: 'Automatic payment failed (${company})',
      paragraphs: ['Hello,', 'The automatic payment of €${amount} for ${company} failed: ${reason}.', 'Correct your payment method in Settings → Billing, then pay the invoices due.'],
      action: { label: 'See the payments', linkParam: 'link' },
    },
  },
};
