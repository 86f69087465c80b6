import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Spanish (es) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const es: Partial<Catalogue<TemplateName>> = {
  'confirm-account': {
    subject: 'Confirme su cuenta de ${company}',
    paragraphs: ['Hola, ${firstName}:', 'Gracias por registrarse. Confirme su dirección de correo electrónico para activar su cuenta.'],
    action: { label: 'Confirmar mi dirección', linkParam: 'link' },
  },
  'reset-password': {
    subject: 'Restablecimiento de su contraseña',
    paragraphs: [
      'Hola, ${firstName}:',
      'Se ha solicitado restablecer la contraseña de su cuenta. El enlace es válido durante una hora.',
      'Si no lo ha solicitado usted, ignore este mensaje.',
    ],
    action: { label: 'Elegir una nueva contraseña', linkParam: 'link' },
  },
  'set-password': {
    subject: 'Su acceso a ${company}',
    paragraphs: ['Hola, ${firstName}:', '${invitedBy} le ha creado un acceso. Elija su contraseña para iniciar sesión.'],
    action: { label: 'Elegir mi contraseña', linkParam: 'link' },
  },
  'confirm-email-change': {
    subject: 'Confirme su nueva dirección de correo electrónico',
    paragraphs: [
      'Hola, ${firstName}:',
      'Se ha indicado la dirección ${newEmail} para su cuenta de ${company}. Confírmela para que pase a ser su dirección de inicio de sesión. El enlace es válido durante ${hours} horas.',
      'Si este mensaje no va dirigido a usted, ignórelo: no cambiará nada.',
    ],
    action: { label: 'Confirmar esta dirección', linkParam: 'link' },
  },
  'email-change-notice': {
    subject: 'Solicitud de cambio de la dirección de correo electrónico de su cuenta',
    paragraphs: [
      'Hola, ${firstName}:',
      '${changedBy} ha solicitado que su cuenta de ${company} utilice a partir de ahora la dirección ${newEmail}. El cambio solo se hará efectivo cuando se confirme desde esa dirección; hasta entonces, seguirá iniciando sesión con la actual.',
      'Si este cambio le sorprende, póngase en contacto con su administrador.',
    ],
  },
};
