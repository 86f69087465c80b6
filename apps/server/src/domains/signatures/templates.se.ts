import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Swedish (se) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const se: Partial<Catalogue<TemplateName>> = {
  'signature-invitation': {
    subject: '${requesterName} ber dig signera ”${label}”',
    paragraphs: [
      'Hej ${signerName},',
      '${requesterName} (${company}) ber dig signera ”${label}” elektroniskt.',
      '${message}',
      'Du kan signera till och med ${expiresOn}.',
    ],
    action: { label: 'Granska och signera', linkParam: 'link' },
    sms: '${company}: ${requesterName} ber dig signera "${label}": ${link}',
  },
  'signature-reminder': {
    subject: 'Påminnelse: ”${label}” väntar på din signatur',
    paragraphs: [
      'Hej ${signerName},',
      '${requesterName} (${company}) väntar fortfarande på din signatur på ”${label}”.',
      'Du kan signera till och med ${expiresOn}.',
    ],
    action: { label: 'Granska och signera', linkParam: 'link' },
    sms: '${company}: påminnelse, "${label}" väntar på din signatur: ${link}',
  },
  'signature-expired': {
    subject: 'Signeringsbegäran har gått ut: ”${label}”',
    paragraphs: ['Hej ${firstName},', 'Signeringsbegäran ”${label}” gick ut innan alla undertecknare hade signerat.'],
  },
  'signature-canceled': {
    subject: 'Signeringsbegäran har avbrutits: ”${label}”',
    paragraphs: ['Hej ${signerName},', '${requesterName} (${company}) har avbrutit signeringsbegäran ”${label}”. Du behöver inte göra något mer.'],
    sms: '${company}: signeringsbegäran "${label}" har avbrutits.',
  },
  'request-started': {
    subject: 'Din begäran ”${label}” har skickats',
    paragraphs: [
      'Hej ${requesterName},',
      'Din signeringsbegäran ”${label}” har skickats till undertecknarna (${signerCount}).',
      'Du kan följa dess förlopp när som helst.',
    ],
    action: { label: 'Visa begäran', linkParam: 'link' },
  },
  'signer-delegated': {
    subject: '”${label}” överläts till ${delegateName}',
    paragraphs: [
      'Hej ${requesterName},',
      '${signerName} överlät begäran ”${label}” till ${delegateName} (${delegateEmail}) den ${at}.',
      'Anledning: ${reason}',
      '${delegateName} har bjudits in i stället och verifieras med en engångskod som alla undertecknare.',
    ],
    action: { label: 'Visa begäran', linkParam: 'link' },
  },
};
