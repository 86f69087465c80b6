import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Danish (dk) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const dk: Partial<Catalogue<TemplateName>> = {
  'second-factor-code': {
    subject: 'Din login-kode: ${code}',
    paragraphs: ['Hej ${firstName},', 'Din login-kode er ${code}. Den udløber om ${minutes} minutter.'],
    sms: 'Din login-kode: ${code} (gyldig i ${minutes} min.).',
  },
  'login-locked': {
    subject: 'Loginforsøg på din konto',
    paragraphs: [
      'Hej ${firstName},',
      'Nogen har flere gange forsøgt at logge ind på din konto med en forkert adgangskode. Af sikkerhedshensyn er login med adgangskode sat på pause i ${minutes} minutter.',
      'Hvis det var dig, kan du vente eller vælge en ny adgangskode: så ophæves pausen med det samme. Hvis ikke, er din adgangskode ikke blevet afsløret, og du kan se bort fra denne besked.',
    ],
    action: { label: 'Vælg en ny adgangskode', linkParam: 'link' },
  },
  'login-codes-locked': {
    subject: 'Forkerte login-koder på din konto',
    paragraphs: [
      'Hej ${firstName},',
      'Der er indtastet flere forkerte login-koder til din konto efter den korrekte adgangskode. Login er sat på pause i ${minutes} minutter.',
      'Hvis det ikke var dig, kender en anden din adgangskode: skift den med det samme.',
    ],
    action: { label: 'Skift min adgangskode', linkParam: 'link' },
  },
};
