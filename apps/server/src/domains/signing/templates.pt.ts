import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** European Portuguese (pt) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const pt: Partial<Catalogue<TemplateName>> = {
  'signing-code': {
    subject: 'O seu código de assinatura: ${code}',
    paragraphs: [
      'Olá ${signerName},',
      'O seu código para assinar «${label}» é ${code}. Expira dentro de ${minutes} minutos.',
      'Não o partilhe com ninguém: ${company} nunca lho pedirá.',
    ],
    sms: '${company}: o seu código para assinar "${label}" é ${code} (válido ${minutes} min).',
  },
  'signed-documents': {
    subject: 'Assinado: «${label}»',
    paragraphs: ['Olá ${name},', 'Todos os signatários assinaram «${label}» (${company}). Os documentos assinados seguem em anexo.'],
  },
  'signed-documents-link': {
    subject: 'Assinado: «${label}»',
    paragraphs: [
      'Olá ${name},',
      'Todos os signatários assinaram «${label}» (${company}). Os documentos assinados são demasiado grandes para serem anexados: descarregue-os através da ligação abaixo.',
    ],
    action: { label: 'Descarregar os documentos assinados', linkParam: 'link' },
  },
};
