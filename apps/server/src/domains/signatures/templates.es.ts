import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Spanish (es) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const es: Partial<Catalogue<TemplateName>> = {
  'signature-invitation': {
    subject: '${requesterName} le invita a firmar «${label}»',
    paragraphs: [
      'Hola, ${signerName}:',
      '${requesterName} (${company}) le invita a firmar electrónicamente «${label}».',
      '${message}',
      'Puede firmar hasta el ${expiresOn}.',
    ],
    action: { label: 'Revisar y firmar', linkParam: 'link' },
    sms: '${company}: ${requesterName} le invita a firmar "${label}": ${link}',
  },
  'signature-reminder': {
    subject: 'Recordatorio: «${label}» está pendiente de su firma',
    paragraphs: ['Hola, ${signerName}:', '${requesterName} (${company}) sigue esperando su firma en «${label}».', 'Puede firmar hasta el ${expiresOn}.'],
    action: { label: 'Revisar y firmar', linkParam: 'link' },
    sms: '${company}: recordatorio, "${label}" espera su firma: ${link}',
  },
  'signature-expired': {
    subject: 'Solicitud de firma caducada: «${label}»',
    paragraphs: ['Hola, ${firstName}:', 'La solicitud de firma «${label}» ha caducado antes de que la firmaran todos los firmantes.'],
  },
  'signature-canceled': {
    subject: 'Solicitud de firma cancelada: «${label}»',
    paragraphs: ['Hola, ${signerName}:', '${requesterName} (${company}) ha cancelado la solicitud de firma «${label}». No tiene que hacer nada más.'],
    sms: '${company}: la solicitud de firma "${label}" ha sido cancelada.',
  },
  'request-started': {
    subject: 'Su solicitud «${label}» ha sido enviada',
    paragraphs: [
      'Hola, ${requesterName}:',
      'Su solicitud de firma «${label}» se ha enviado a sus firmantes (${signerCount}).',
      'Puede seguir su avance en cualquier momento.',
    ],
    action: { label: 'Ver la solicitud', linkParam: 'link' },
  },
  'signer-delegated': {
    subject: '«${label}» se ha traspasado a ${delegateName}',
    paragraphs: [
      'Hola ${requesterName}:',
      '${signerName} ha traspasado la solicitud «${label}» a ${delegateName} (${delegateEmail}) el ${at}.',
      'Motivo: ${reason}',
      '${delegateName} ha sido invitado/a en su lugar y se verificará con un código de un solo uso, como cualquier firmante.',
    ],
    action: { label: 'Ver la solicitud', linkParam: 'link' },
  },
};
