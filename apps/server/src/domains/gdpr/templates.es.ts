import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Spanish (es) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const es: Partial<Catalogue<TemplateName>> = {
  'gdpr-export-ready': {
    subject: 'Exportación RGPD lista: ${subject}',
    paragraphs: [
      'Hola, ${firstName}:',
      'La exportación que solicitó de los datos que su cuenta conserva sobre ${subject} está lista. Contiene las fichas de contacto, las participaciones en solicitudes de firma y los documentos firmados que aún se conservan.',
      'El enlace funciona durante ${days} días. Este archivo contiene datos personales: entréguelo únicamente a la persona interesada y por un medio seguro.',
    ],
    action: { label: 'Descargar la exportación', linkParam: 'link' },
  },
};
