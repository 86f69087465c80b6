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

/** The login code (second factor), by e-mail or SMS; the notices of a paused login (docs/security.md). */
declare module '../../platform/messaging/templates/types.ts' {
  interface MailTemplates {
    'second-factor-code': { firstName: string; code: string; minutes: number };
    'login-locked': { firstName: string; minutes: number; link: string };
    'login-codes-locked': { firstName: string; minutes: number; link: string };
  }
}

export const authTemplates: TemplateCatalogues<'second-factor-code' | 'login-locked' | 'login-codes-locked'> = {
  fr: {
    'second-factor-code': {
      subject: 'Votre code de connexion : ${code}',
      paragraphs: ['Bonjour ${firstName},', 'Votre code de connexion est ${code}. Il expire dans ${minutes} minutes.'],
      sms: 'Votre code de connexion : ${code} (valable ${minutes} min).',
    },
    'login-locked': {
      subject: 'Tentatives de connexion à votre compte',
      paragraphs: [
        'Bonjour ${firstName},',
        "Quelqu'un a essayé de se connecter à votre compte avec un mauvais mot de passe, plusieurs fois. Par précaution, la connexion par mot de passe est suspendue pendant ${minutes} minutes.",
        "Si c'était vous, patientez ou choisissez un nouveau mot de passe : cela lève la suspension aussitôt. Sinon, votre mot de passe n'a pas été trouvé ; vous pouvez ignorer ce message.",
      ],
      action: { label: 'Choisir un nouveau mot de passe', linkParam: 'link' },
    },
    'login-codes-locked': {
      subject: 'Codes de connexion erronés sur votre compte',
      paragraphs: [
        'Bonjour ${firstName},',
        'Plusieurs codes de connexion erronés ont été saisis pour votre compte, après le bon mot de passe. La connexion est suspendue pendant ${minutes} minutes.',
        "Si ce n'était pas vous, quelqu'un connaît votre mot de passe : changez-le dès maintenant.",
      ],
      action: { label: 'Changer mon mot de passe', linkParam: 'link' },
    },
  },
  en: {
    'second-factor-code': {
      subject: 'Your login code: ${code}',
      paragraphs: ['Hello ${firstName},', 'Your login code is ${code}. It expires in ${minutes} minutes.'],
      sms: 'Your login code: ${code} (valid ${minutes} min).',
    },
    'login-locked': {
      subject: 'Login attempts on your account',
      paragraphs: [
        'Hello ${firstName},',
        'Someone tried to log in to your account with a wrong password several times. As a precaution, password login is paused for ${minutes} minutes.',
        'If it was you, wait or choose a new password: that lifts the pause at once. Otherwise your password was not found; you may ignore this message.',
      ],
      action: { label: 'Choose a new password', linkParam: 'link' },
    },
    'login-codes-locked': {
      subject: 'Wrong login codes on your account',
      paragraphs: [
        'Hello ${firstName},',
        'Several wrong login codes were entered for your account, after the right password. Login is paused for ${minutes} minutes.',
        'If it was not you, someone knows your password: change it now.',
      ],
      action: { label: 'Change my password', linkParam: 'link' },
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
