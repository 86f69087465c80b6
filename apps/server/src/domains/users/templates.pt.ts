import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** European Portuguese (pt) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const pt: Partial<Catalogue<TemplateName>> = {
  'confirm-account': {
    subject: 'Confirme a sua conta ${company}',
    paragraphs: ['Olá ${firstName},', 'Obrigado pelo seu registo. Confirme o seu endereço de e-mail para ativar a sua conta.'],
    action: { label: 'Confirmar o meu endereço', linkParam: 'link' },
  },
  'reset-password': {
    subject: 'Redefinição da sua palavra-passe',
    paragraphs: [
      'Olá ${firstName},',
      'Foi pedida a redefinição da palavra-passe da sua conta. A ligação é válida durante uma hora.',
      'Se não fez este pedido, ignore esta mensagem.',
    ],
    action: { label: 'Escolher uma nova palavra-passe', linkParam: 'link' },
  },
  'set-password': {
    subject: 'O seu acesso a ${company}',
    paragraphs: ['Olá ${firstName},', '${invitedBy} criou-lhe um acesso. Escolha a sua palavra-passe para iniciar sessão.'],
    action: { label: 'Escolher a minha palavra-passe', linkParam: 'link' },
  },
  'confirm-email-change': {
    subject: 'Confirme o seu novo endereço de e-mail',
    paragraphs: [
      'Olá ${firstName},',
      'O endereço ${newEmail} foi indicado para a sua conta ${company}. Confirme-o para que passe a ser o seu endereço de início de sessão. A ligação é válida durante ${hours} horas.',
      'Se esta mensagem não lhe diz respeito, ignore-a: nada muda.',
    ],
    action: { label: 'Confirmar este endereço', linkParam: 'link' },
  },
  'email-change-notice': {
    subject: 'Pedido de alteração do endereço de e-mail da sua conta',
    paragraphs: [
      'Olá ${firstName},',
      '${changedBy} pediu que a sua conta ${company} passe a utilizar o endereço ${newEmail}. A alteração só produz efeito depois de confirmada a partir desse endereço; até lá, continua a iniciar sessão com o endereço atual.',
      'Se não reconhece esta alteração, contacte o seu administrador.',
    ],
  },
};
