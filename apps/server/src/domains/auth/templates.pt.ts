import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** European Portuguese (pt) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const pt: Partial<Catalogue<TemplateName>> = {
  'second-factor-code': {
    subject: 'O seu código de acesso: ${code}',
    paragraphs: ['Olá ${firstName},', 'O seu código de acesso é ${code}. Expira dentro de ${minutes} minutos.'],
    sms: 'O seu código de acesso: ${code} (válido ${minutes} min).',
  },
  'login-locked': {
    subject: 'Tentativas de início de sessão na sua conta',
    paragraphs: [
      'Olá ${firstName},',
      'Alguém tentou várias vezes iniciar sessão na sua conta com uma palavra-passe errada. Por precaução, o início de sessão com palavra-passe está suspenso durante ${minutes} minutos.',
      'Se as tentativas foram suas, aguarde ou escolha uma nova palavra-passe: a suspensão é levantada de imediato. Caso contrário, a sua palavra-passe não foi descoberta e pode ignorar esta mensagem.',
    ],
    action: { label: 'Escolher uma nova palavra-passe', linkParam: 'link' },
  },
  'login-codes-locked': {
    subject: 'Códigos de acesso errados na sua conta',
    paragraphs: [
      'Olá ${firstName},',
      'Foram introduzidos vários códigos de acesso errados na sua conta, depois da palavra-passe correta. O início de sessão está suspenso durante ${minutes} minutos.',
      'Se as tentativas não foram suas, alguém conhece a sua palavra-passe: altere-a de imediato.',
    ],
    action: { label: 'Alterar a minha palavra-passe', linkParam: 'link' },
  },
};
