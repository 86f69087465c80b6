import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** European Portuguese (pt) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const pt: Partial<Catalogue<TemplateName>> = {
  'gdpr-export-ready': {
    subject: 'Exportação RGPD pronta: ${subject}',
    paragraphs: [
      'Olá ${firstName},',
      'A exportação que pediu dos dados que a sua conta detém sobre ${subject} está pronta. Contém as fichas de contacto, as participações em pedidos de assinatura e os documentos assinados ainda conservados.',
      'A ligação funciona durante ${days} dias. Este ficheiro contém dados pessoais: transmita-o apenas à pessoa em causa, por um meio seguro.',
    ],
    action: { label: 'Transferir a exportação', linkParam: 'link' },
  },
};
