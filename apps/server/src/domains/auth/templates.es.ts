import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Spanish (es) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const es: Partial<Catalogue<TemplateName>> = {
  'second-factor-code': {
    subject: 'Su código de acceso: ${code}',
    paragraphs: ['Hola, ${firstName}:', 'Su código de acceso es ${code}. Caduca en ${minutes} minutos.'],
    sms: 'Su código de acceso: ${code} (válido ${minutes} min).',
  },
  'login-locked': {
    subject: 'Intentos de inicio de sesión en su cuenta',
    paragraphs: [
      'Hola, ${firstName}:',
      'Alguien ha intentado varias veces iniciar sesión en su cuenta con una contraseña incorrecta. Por precaución, el inicio de sesión con contraseña queda suspendido durante ${minutes} minutos.',
      'Si fue usted, espere o elija una nueva contraseña: la suspensión se levantará de inmediato. Si no fue usted, su contraseña no ha sido descubierta; puede ignorar este mensaje.',
    ],
    action: { label: 'Elegir una nueva contraseña', linkParam: 'link' },
  },
  'login-codes-locked': {
    subject: 'Códigos de acceso incorrectos en su cuenta',
    paragraphs: [
      'Hola, ${firstName}:',
      'Se han introducido varios códigos de acceso incorrectos en su cuenta después de la contraseña correcta. El inicio de sesión queda suspendido durante ${minutes} minutos.',
      'Si no fue usted, alguien conoce su contraseña: cámbiela ahora mismo.',
    ],
    action: { label: 'Cambiar mi contraseña', linkParam: 'link' },
  },
};
