import type { Catalogue } from './types.ts';

export const fr: Catalogue = {
  'confirm-account': {
    subject: 'Confirmez votre compte ${company}',
    paragraphs: ['Bonjour ${firstName},', 'Merci de votre inscription. Confirmez votre adresse e-mail pour activer votre compte.'],
    action: { label: 'Confirmer mon adresse', linkParam: 'link' },
  },
  'reset-password': {
    subject: 'Réinitialisation de votre mot de passe',
    paragraphs: [
      'Bonjour ${firstName},',
      'Une réinitialisation de votre mot de passe a été demandée. Le lien est valable une heure.',
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
    ],
    action: { label: 'Choisir un nouveau mot de passe', linkParam: 'link' },
  },
  'set-password': {
    subject: 'Votre accès à ${company}',
    paragraphs: ['Bonjour ${firstName},', '${invitedBy} vous a créé un accès. Choisissez votre mot de passe pour vous connecter.'],
    action: { label: 'Choisir mon mot de passe', linkParam: 'link' },
  },
  'second-factor-code': {
    subject: 'Votre code de connexion : ${code}',
    paragraphs: ['Bonjour ${firstName},', 'Votre code de connexion est ${code}. Il expire dans ${minutes} minutes.'],
    sms: 'Votre code de connexion : ${code} (valable ${minutes} min).',
  },
  'signature-invitation': {
    subject: '${requesterName} vous invite à signer « ${label} »',
    paragraphs: [
      'Bonjour ${signerName},',
      '${requesterName} (${company}) vous invite à signer électroniquement « ${label} ».',
      '${message}',
      "Vous avez jusqu'au ${expiresOn} pour signer.",
    ],
    action: { label: 'Consulter et signer', linkParam: 'link' },
    sms: '${company} : ${requesterName} vous invite à signer « ${label} » : ${link}',
  },
  'signature-reminder': {
    subject: 'Rappel : « ${label} » attend votre signature',
    paragraphs: [
      'Bonjour ${signerName},',
      '${requesterName} (${company}) attend toujours votre signature pour « ${label} ».',
      "Vous avez jusqu'au ${expiresOn} pour signer.",
    ],
    action: { label: 'Consulter et signer', linkParam: 'link' },
    sms: '${company} : rappel, « ${label} » attend votre signature : ${link}',
  },
  'signature-expired': {
    subject: 'Demande de signature expirée : « ${label} »',
    paragraphs: ['Bonjour ${firstName},', "La demande de signature « ${label} » a expiré avant d'être signée par tous les signataires."],
  },
  'signature-canceled': {
    subject: 'Demande de signature annulée : « ${label} »',
    paragraphs: ['Bonjour ${signerName},', '${requesterName} (${company}) a annulé la demande de signature « ${label} ». Vous n\'avez plus rien à faire.'],
    sms: '${company} : la demande de signature « ${label} » a été annulée.',
  },
  'signing-code': {
    subject: 'Votre code de signature : ${code}',
    paragraphs: ['Bonjour ${signerName},', 'Votre code pour signer « ${label} » est ${code}. Il expire dans ${minutes} minutes.', 'Ne le communiquez à personne : ${company} ne vous le demandera jamais.'],
    sms: '${company} : votre code pour signer « ${label} » est ${code} (valable ${minutes} min).',
  },
  'signed-documents': {
    subject: 'Signé : « ${label} »',
    paragraphs: ['Bonjour ${name},', 'Tous les signataires ont signé « ${label} » (${company}). Les documents signés sont joints.'],
  },
  'signed-documents-link': {
    subject: 'Signé : « ${label} »',
    paragraphs: ['Bonjour ${name},', 'Tous les signataires ont signé « ${label} » (${company}). Les documents signés sont trop volumineux pour être joints : téléchargez-les avec le lien ci-dessous.'],
    action: { label: 'Télécharger les documents signés', linkParam: 'link' },
  },
};
