import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** German (de) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const de: Partial<Catalogue<TemplateName>> = {
  'second-factor-code': {
    subject: 'Ihr Anmeldecode: ${code}',
    paragraphs: ['Guten Tag ${firstName},', 'Ihr Anmeldecode lautet ${code}. Er läuft in ${minutes} Minuten ab.'],
    sms: 'Ihr Anmeldecode: ${code} (gültig ${minutes} Min.).',
  },
  'login-locked': {
    subject: 'Anmeldeversuche bei Ihrem Konto',
    paragraphs: [
      'Guten Tag ${firstName},',
      'Jemand hat mehrmals versucht, sich mit einem falschen Passwort bei Ihrem Konto anzumelden. Zur Sicherheit ist die Anmeldung per Passwort für ${minutes} Minuten gesperrt.',
      'Falls Sie das waren, warten Sie bitte oder wählen Sie ein neues Passwort: Damit wird die Sperre sofort aufgehoben. Andernfalls ist Ihr Passwort nicht bekannt geworden; Sie können diese Nachricht ignorieren.',
    ],
    action: { label: 'Neues Passwort wählen', linkParam: 'link' },
  },
  'login-codes-locked': {
    subject: 'Falsche Anmeldecodes bei Ihrem Konto',
    paragraphs: [
      'Guten Tag ${firstName},',
      'Für Ihr Konto wurden nach dem richtigen Passwort mehrere falsche Anmeldecodes eingegeben. Die Anmeldung ist für ${minutes} Minuten gesperrt.',
      'Falls Sie das nicht waren, kennt jemand Ihr Passwort: Ändern Sie es bitte sofort.',
    ],
    action: { label: 'Mein Passwort ändern', linkParam: 'link' },
  },
};
