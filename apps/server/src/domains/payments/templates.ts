import type { TemplateCatalogues } from '../../platform/messaging/templates/types.ts';
import { de } from './templates.de.ts';
import { dk } from './templates.dk.ts';
import { es } from './templates.es.ts';
import { fi } from './templates.fi.ts';
import { gr } from './templates.gr.ts';
import { it } from './templates.it.ts';
import { nl } from './templates.nl.ts';
import { no } from './templates.no.ts';
import { pt } from './templates.pt.ts';
import { se } from './templates.se.ts';

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
      paragraphs: [
        'Bonjour,',
        'Le paiement automatique de ${amount} € pour ${company} a échoué : ${reason}.',
        'Corrigez votre moyen de paiement dans Paramètres → Facturation, puis réglez les factures en attente.',
      ],
      action: { label: 'Voir les paiements', linkParam: 'link' },
    },
  },
  en: {
    'payment-auto-failed': {
      subject: 'Automatic payment failed (${company})',
      paragraphs: [
        'Hello,',
        'The automatic payment of €${amount} for ${company} failed: ${reason}.',
        'Correct your payment method in Settings → Billing, then pay the invoices due.',
      ],
      action: { label: 'See the payments', linkParam: 'link' },
    },
  },
  // The other languages, one file each (templates.<lang>.ts).
  de,
  dk,
  es,
  fi,
  gr,
  it,
  nl,
  no,
  pt,
  se,
};
