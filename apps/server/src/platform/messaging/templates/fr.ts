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
};
