import type { Catalogue } from './types.ts';

export const en: Catalogue = {
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
  'second-factor-code': {
    subject: 'Your login code: ${code}',
    paragraphs: ['Hello ${firstName},', 'Your login code is ${code}. It expires in ${minutes} minutes.'],
    sms: 'Your login code: ${code} (valid ${minutes} min).',
  },
};
