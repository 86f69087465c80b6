import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Finnish (fi) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const fi: Partial<Catalogue<TemplateName>> = {
  'signing-code': {
    subject: 'Allekirjoituskoodisi: ${code}',
    paragraphs: [
      'Hei ${signerName},',
      'Koodisi asiakirjan ”${label}” allekirjoittamiseen on ${code}. Se vanhenee ${minutes} minuutin kuluttua.',
      'Älä koskaan kerro koodia kenellekään: ${company} ei koskaan kysy sitä sinulta.',
    ],
    sms: '${company}: koodisi asiakirjan "${label}" allekirjoittamiseen on ${code} (voimassa ${minutes} min).',
  },
  'signed-documents': {
    subject: 'Allekirjoitettu: ”${label}”',
    paragraphs: [
      'Hei ${name},',
      'Kaikki allekirjoittajat ovat allekirjoittaneet asiakirjan ”${label}” (${company}). Allekirjoitetut asiakirjat ovat liitteenä.',
    ],
  },
  'signed-documents-link': {
    subject: 'Allekirjoitettu: ”${label}”',
    paragraphs: [
      'Hei ${name},',
      'Kaikki allekirjoittajat ovat allekirjoittaneet asiakirjan ”${label}” (${company}). Allekirjoitetut asiakirjat ovat liian suuria liitettäviksi: lataa ne alla olevasta linkistä.',
    ],
    action: { label: 'Lataa allekirjoitetut asiakirjat', linkParam: 'link' },
  },
};
