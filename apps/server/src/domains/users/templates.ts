import type { TemplateCatalogues } from '../../platform/messaging/templates/types.ts';
import { de } from './templates.de.ts';
import { dk } from './templates.dk.ts';
import { es } from './templates.es.ts';
import { fi } from './templates.fi.ts';
import { gr } from './templates.gr.ts';
import { it } from './templates.it.ts';
import { nl } from './templates.nl.ts';
import { no } from './templates.no.ts';
import { pt } from './templates.pt.ts';
import { se } from './templates.se.ts';

/** Account mails: confirmation, password reset, invitation to set a password, e-mail change (link and notice). */
declare module '../../platform/messaging/templates/types.ts' {
  interface MailTemplates {
    'confirm-account': { firstName: string; company: string; link: string };
    'reset-password': { firstName: string; link: string };
    'set-password': { firstName: string; company: string; invitedBy: string; link: string };
    'confirm-email-change': { firstName: string; company: string; newEmail: string; hours: number; link: string };
    'email-change-notice': { firstName: string; company: string; newEmail: string; changedBy: string };
  }
}

type UserTemplate = 'confirm-account' | 'reset-password' | 'set-password' | 'confirm-email-change' | 'email-change-notice';

export const userTemplates: TemplateCatalogues<UserTemplate> = {
  fr: {
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
    'confirm-email-change': {
      subject: 'Confirmez votre nouvelle adresse e-mail',
      paragraphs: [
        'Bonjour ${firstName},',
        "L'adresse ${newEmail} a été indiquée pour votre compte ${company}. Confirmez-la pour qu'elle devienne votre identifiant de connexion. Le lien est valable ${hours} heures.",
        "Si vous n'êtes pas concerné, ignorez ce message : rien ne change.",
      ],
      action: { label: 'Confirmer cette adresse', linkParam: 'link' },
    },
    'email-change-notice': {
      subject: 'Changement d’adresse e-mail demandé pour votre compte',
      paragraphs: [
        'Bonjour ${firstName},',
        '${changedBy} a demandé que votre compte ${company} utilise désormais l’adresse ${newEmail}. Le changement ne prendra effet que lorsque cette adresse l’aura confirmé ; d’ici là, vous vous connectez avec celle-ci.',
        'Si ce changement vous surprend, contactez votre administrateur.',
      ],
    },
  },
  en: {
    'confirm-account': {
      subject: 'Confirm your ${company} account',
      paragraphs: ['Hello ${firstName},', 'Thank you for signing up. Confirm your e-mail address to activate your account.'],
      action: { label: 'Confirm my address', linkParam: 'link' },
    },
    'reset-password': {
      subject: 'Reset your password',
      paragraphs: [
        'Hello ${firstName},',
        'A password reset was requested for your account. The link is valid for one hour.',
        'If you did not ask for it, ignore this message.',
      ],
      action: { label: 'Choose a new password', linkParam: 'link' },
    },
    'set-password': {
      subject: 'Your access to ${company}',
      paragraphs: ['Hello ${firstName},', '${invitedBy} created an account for you. Choose your password to log in.'],
      action: { label: 'Choose my password', linkParam: 'link' },
    },
    'confirm-email-change': {
      subject: 'Confirm your new e-mail address',
      paragraphs: [
        'Hello ${firstName},',
        'The address ${newEmail} was given for your ${company} account. Confirm it to make it your login address. The link is valid for ${hours} hours.',
        'If this is not about you, ignore this message: nothing changes.',
      ],
      action: { label: 'Confirm this address', linkParam: 'link' },
    },
    'email-change-notice': {
      subject: 'E-mail address change requested for your account',
      paragraphs: [
        'Hello ${firstName},',
        '${changedBy} asked that your ${company} account use the address ${newEmail} from now on. The change only takes effect once that address confirms it; until then you log in with this one.',
        'If this change surprises you, contact your administrator.',
      ],
    },
  },
  // The other languages, one file each (templates.<lang>.ts).
  de,
  dk,
  es,
  fi,
  gr,
  it,
  nl,
  no,
  pt,
  se,
};
