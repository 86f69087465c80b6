import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Spanish (es) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const es: Partial<Catalogue<TemplateName>> = {
  'payment-auto-failed': {
    subject: 'Error en el pago automático (${company})',
    paragraphs: [
      'Hola:',
      'No se ha podido realizar el pago automático de ${amount} € de ${company}: ${reason}.',
      'Corrija su método de pago en Configuración → Facturación y, a continuación, abone las facturas pendientes.',
    ],
    action: { label: 'Ver los pagos', linkParam: 'link' },
  },
};
