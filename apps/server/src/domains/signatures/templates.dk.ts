import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Danish (dk) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const dk: Partial<Catalogue<TemplateName>> = {
  'signature-invitation': {
    subject: '${requesterName} beder dig underskrive »${label}«',
    paragraphs: [
      'Hej ${signerName},',
      '${requesterName} (${company}) beder dig underskrive »${label}« elektronisk.',
      '${message}',
      'Du kan underskrive indtil ${expiresOn}.',
    ],
    action: { label: 'Se og underskriv', linkParam: 'link' },
    sms: '${company}: ${requesterName} beder dig underskrive "${label}": ${link}',
  },
  'signature-reminder': {
    subject: 'Påmindelse: »${label}« venter på din underskrift',
    paragraphs: [
      'Hej ${signerName},',
      '${requesterName} (${company}) venter stadig på din underskrift på »${label}«.',
      'Du kan underskrive indtil ${expiresOn}.',
    ],
    action: { label: 'Se og underskriv', linkParam: 'link' },
    sms: '${company}: påmindelse, "${label}" venter på din underskrift: ${link}',
  },
  'signature-expired': {
    subject: 'Underskriftsanmodning udløbet: »${label}«',
    paragraphs: ['Hej ${firstName},', 'Underskriftsanmodningen »${label}« udløb, før alle underskrivere havde underskrevet.'],
  },
  'signature-canceled': {
    subject: 'Underskriftsanmodning annulleret: »${label}«',
    paragraphs: ['Hej ${signerName},', '${requesterName} (${company}) har annulleret underskriftsanmodningen »${label}«. Du skal ikke foretage dig mere.'],
    sms: '${company}: underskriftsanmodningen "${label}" er annulleret.',
  },
  'request-started': {
    subject: 'Din anmodning »${label}« er sendt',
    paragraphs: [
      'Hej ${requesterName},',
      'Din underskriftsanmodning »${label}« er sendt til underskriverne (${signerCount}).',
      'Du kan til enhver tid følge dens fremskridt.',
    ],
    action: { label: 'Se anmodningen', linkParam: 'link' },
  },
  'signer-delegated': {
    subject: '“${label}” blev overdraget til ${delegateName}',
    paragraphs: [
      'Hej ${requesterName},',
      '${signerName} overdrog anmodningen “${label}” til ${delegateName} (${delegateEmail}) den ${at}.',
      'Begrundelse: ${reason}',
      '${delegateName} blev inviteret i stedet og bekræftes med en engangskode som enhver underskriver.',
    ],
    action: { label: 'Se anmodningen', linkParam: 'link' },
  },
};
