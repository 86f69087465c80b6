import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Dutch (nl) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const nl: Partial<Catalogue<TemplateName>> = {
  'signature-invitation': {
    subject: '${requesterName} nodigt u uit om ‘${label}’ te ondertekenen',
    paragraphs: [
      'Beste ${signerName},',
      '${requesterName} (${company}) nodigt u uit om ‘${label}’ elektronisch te ondertekenen.',
      '${message}',
      'U kunt ondertekenen tot en met ${expiresOn}.',
    ],
    action: { label: 'Bekijken en ondertekenen', linkParam: 'link' },
    sms: '${company}: ${requesterName} nodigt u uit om "${label}" te ondertekenen: ${link}',
  },
  'signature-reminder': {
    subject: 'Herinnering: ‘${label}’ wacht op uw handtekening',
    paragraphs: [
      'Beste ${signerName},',
      '${requesterName} (${company}) wacht nog op uw handtekening voor ‘${label}’.',
      'U kunt ondertekenen tot en met ${expiresOn}.',
    ],
    action: { label: 'Bekijken en ondertekenen', linkParam: 'link' },
    sms: '${company}: herinnering, "${label}" wacht op uw handtekening: ${link}',
  },
  'signature-expired': {
    subject: 'Ondertekeningsverzoek verlopen: ‘${label}’',
    paragraphs: ['Beste ${firstName},', 'Het ondertekeningsverzoek ‘${label}’ is verlopen voordat alle ondertekenaars het hadden ondertekend.'],
  },
  'signature-canceled': {
    subject: 'Ondertekeningsverzoek geannuleerd: ‘${label}’',
    paragraphs: ['Beste ${signerName},', '${requesterName} (${company}) heeft het ondertekeningsverzoek ‘${label}’ geannuleerd. U hoeft niets meer te doen.'],
    sms: '${company}: het ondertekeningsverzoek "${label}" is geannuleerd.',
  },
  'request-started': {
    subject: 'Uw verzoek ‘${label}’ is verzonden',
    paragraphs: [
      'Beste ${requesterName},',
      'Uw ondertekeningsverzoek ‘${label}’ is naar de ondertekenaars (${signerCount}) verzonden.',
      'U kunt de voortgang op elk moment volgen.',
    ],
    action: { label: 'Verzoek bekijken', linkParam: 'link' },
  },
  'signer-delegated': {
    subject: '‘${label}’ is overgedragen aan ${delegateName}',
    paragraphs: [
      'Beste ${requesterName},',
      '${signerName} heeft het verzoek ‘${label}’ op ${at} overgedragen aan ${delegateName} (${delegateEmail}).',
      'Reden: ${reason}',
      '${delegateName} is in diens plaats uitgenodigd en wordt zoals elke ondertekenaar gecontroleerd met een eenmalige code.',
    ],
    action: { label: 'Verzoek bekijken', linkParam: 'link' },
  },
};
