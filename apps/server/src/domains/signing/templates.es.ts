import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Spanish (es) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const es: Partial<Catalogue<TemplateName>> = {
  'signing-code': {
    subject: 'Su código de firma: ${code}',
    paragraphs: [
      'Hola, ${signerName}:',
      'Su código para firmar «${label}» es ${code}. Caduca en ${minutes} minutos.',
      'No lo comparta con nadie: ${company} nunca se lo pedirá.',
    ],
    sms: '${company}: su código para firmar "${label}" es ${code} (válido ${minutes} min).',
  },
  'signed-documents': {
    subject: 'Firmado: «${label}»',
    paragraphs: ['Hola, ${name}:', 'Todos los firmantes han firmado «${label}» (${company}). Adjuntamos los documentos firmados.'],
  },
  'signed-documents-link': {
    subject: 'Firmado: «${label}»',
    paragraphs: [
      'Hola, ${name}:',
      'Todos los firmantes han firmado «${label}» (${company}). Los documentos firmados son demasiado grandes para adjuntarlos: descárguelos con el enlace siguiente.',
    ],
    action: { label: 'Descargar los documentos firmados', linkParam: 'link' },
  },
};
