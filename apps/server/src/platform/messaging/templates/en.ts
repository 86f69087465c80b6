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
  'signature-invitation': {
    subject: '${requesterName} invites you to sign "${label}"',
    paragraphs: [
      'Hello ${signerName},',
      '${requesterName} (${company}) invites you to sign "${label}" electronically.',
      '${message}',
      'You can sign until ${expiresOn}.',
    ],
    action: { label: 'Review and sign', linkParam: 'link' },
    sms: '${company}: ${requesterName} invites you to sign "${label}": ${link}',
  },
  'signature-reminder': {
    subject: 'Reminder: "${label}" awaits your signature',
    paragraphs: ['Hello ${signerName},', '${requesterName} (${company}) is still waiting for your signature on "${label}".', 'You can sign until ${expiresOn}.'],
    action: { label: 'Review and sign', linkParam: 'link' },
    sms: '${company}: reminder, "${label}" awaits your signature: ${link}',
  },
  'signature-expired': {
    subject: 'Signature request expired: "${label}"',
    paragraphs: ['Hello ${firstName},', 'The signature request "${label}" expired before every signer signed it.'],
  },
  'signature-canceled': {
    subject: 'Signature request cancelled: "${label}"',
    paragraphs: ['Hello ${signerName},', '${requesterName} (${company}) cancelled the signature request "${label}". There is nothing left for you to do.'],
    sms: '${company}: the signature request "${label}" was cancelled.',
  },
  'signing-code': {
    subject: 'Your signing code: ${code}',
    paragraphs: ['Hello ${signerName},', 'Your code to sign "${label}" is ${code}. It expires in ${minutes} minutes.', 'Never share it: ${company} will never ask you for it.'],
    sms: '${company}: your code to sign "${label}" is ${code} (valid ${minutes} min).',
  },
  'signed-documents': {
    subject: 'Signed: "${label}"',
    paragraphs: ['Hello ${name},', 'Every signer signed "${label}" (${company}). The signed documents are attached.'],
  },
  'signed-documents-link': {
    subject: 'Signed: "${label}"',
    paragraphs: ['Hello ${name},', 'Every signer signed "${label}" (${company}). The signed documents are too large to be attached: download them with the link below.'],
    action: { label: 'Download the signed documents', linkParam: 'link' },
  },
};
