import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** European Portuguese (pt) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const pt: Partial<Catalogue<TemplateName>> = {
  'signature-invitation': {
    subject: '${requesterName} enviou-lhe «${label}» para assinar',
    paragraphs: [
      'Olá ${signerName},',
      '${requesterName} (${company}) enviou-lhe «${label}» para assinatura eletrónica.',
      '${message}',
      'Pode assinar até ${expiresOn}.',
    ],
    action: { label: 'Ver e assinar', linkParam: 'link' },
    sms: '${company}: ${requesterName} enviou-lhe "${label}" para assinar: ${link}',
  },
  'signature-reminder': {
    subject: 'Lembrete: «${label}» aguarda a sua assinatura',
    paragraphs: ['Olá ${signerName},', '${requesterName} (${company}) continua a aguardar a sua assinatura em «${label}».', 'Pode assinar até ${expiresOn}.'],
    action: { label: 'Ver e assinar', linkParam: 'link' },
    sms: '${company}: lembrete, "${label}" aguarda a sua assinatura: ${link}',
  },
  'signature-expired': {
    subject: 'Pedido de assinatura expirado: «${label}»',
    paragraphs: ['Olá ${firstName},', 'O pedido de assinatura «${label}» expirou antes de ser assinado por todos os signatários.'],
  },
  'signature-canceled': {
    subject: 'Pedido de assinatura cancelado: «${label}»',
    paragraphs: ['Olá ${signerName},', '${requesterName} (${company}) cancelou o pedido de assinatura «${label}». Não precisa de fazer mais nada.'],
    sms: '${company}: o pedido de assinatura "${label}" foi cancelado.',
  },
  'request-started': {
    subject: 'O seu pedido «${label}» foi enviado',
    paragraphs: [
      'Olá ${requesterName},',
      'O seu pedido de assinatura «${label}» foi enviado aos signatários (${signerCount}).',
      'Pode acompanhar o seu progresso a qualquer momento.',
    ],
    action: { label: 'Ver o pedido', linkParam: 'link' },
  },
  'signer-delegated': {
    subject: '«${label}» foi transferido para ${delegateName}',
    paragraphs: [
      'Olá ${requesterName},',
      '${signerName} transferiu o pedido «${label}» para ${delegateName} (${delegateEmail}) em ${at}.',
      'Motivo: ${reason}',
      '${delegateName} foi convidado/a no seu lugar e será verificado/a por um código de utilização única, como qualquer signatário.',
    ],
    action: { label: 'Ver o pedido', linkParam: 'link' },
  },
};
