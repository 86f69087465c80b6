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

/** The requester's side: invitations, reminders, the start mail, expiry and cancellation notices. */
declare module '../../platform/messaging/templates/types.ts' {
  interface MailTemplates {
    /** `message` is the requester's invitation message, or an empty string. `expiresOn` is a date (YYYY-MM-DD). */
    'signature-invitation': { signerName: string; requesterName: string; company: string; label: string; message: string; expiresOn: string; link: string };
    'signature-reminder': { signerName: string; requesterName: string; company: string; label: string; expiresOn: string; link: string };
    /** To the requester. */
    'signature-expired': { firstName: string; label: string };
    /** To a signer who had been invited. */
    'signature-canceled': { signerName: string; requesterName: string; company: string; label: string };
    /** The "start mail", to the requester once a request is sent to its signers; `link` opens the request view. */
    'request-started': { requesterName: string; company: string; label: string; signerCount: string; link: string };
    /** To the requester: a participant handed the request over (delegation); `at` is a UTC date and time. */
    'signer-delegated': {
      requesterName: string;
      label: string;
      signerName: string;
      delegateName: string;
      delegateEmail: string;
      reason: string;
      at: string;
      link: string;
    };
  }
}

export const signatureTemplates: TemplateCatalogues<
  'signature-invitation' | 'signature-reminder' | 'signature-expired' | 'signature-canceled' | 'request-started' | 'signer-delegated'
> = {
  fr: {
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
      paragraphs: ['Bonjour ${signerName},', "${requesterName} (${company}) a annulé la demande de signature « ${label} ». Vous n'avez plus rien à faire."],
      sms: '${company} : la demande de signature « ${label} » a été annulée.',
    },
    'request-started': {
      subject: 'Votre demande « ${label} » a été envoyée',
      paragraphs: [
        'Bonjour ${requesterName},',
        'Votre demande de signature « ${label} » a été envoyée à ses signataires (${signerCount}).',
        'Vous pouvez suivre son avancement à tout moment.',
      ],
      action: { label: 'Voir la demande', linkParam: 'link' },
    },
    'signer-delegated': {
      subject: '« ${label} » a été transmise à ${delegateName}',
      paragraphs: [
        'Bonjour ${requesterName},',
        '${signerName} a transmis la demande « ${label} » à ${delegateName} (${delegateEmail}) le ${at}.',
        'Motif : ${reason}',
        '${delegateName} a été invité(e) à sa place et sera vérifié(e) par un code à usage unique, comme tout signataire.',
      ],
      action: { label: 'Voir la demande', linkParam: 'link' },
    },
  },
  en: {
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
      paragraphs: [
        'Hello ${signerName},',
        '${requesterName} (${company}) is still waiting for your signature on "${label}".',
        'You can sign until ${expiresOn}.',
      ],
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
    'request-started': {
      subject: 'Your request "${label}" was sent',
      paragraphs: [
        'Hello ${requesterName},',
        'Your signature request "${label}" was sent to its signers (${signerCount}).',
        'You can follow its progress at any time.',
      ],
      action: { label: 'View the request', linkParam: 'link' },
    },
    'signer-delegated': {
      subject: '"${label}" was handed over to ${delegateName}',
      paragraphs: [
        'Hello ${requesterName},',
        '${signerName} handed the request "${label}" over to ${delegateName} (${delegateEmail}) on ${at}.',
        'Reason: ${reason}',
        '${delegateName} was invited in their place and will be verified by a one-time code, like any signer.',
      ],
      action: { label: 'View the request', linkParam: 'link' },
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
