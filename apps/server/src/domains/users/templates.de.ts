import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** German (de) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const de: Partial<Catalogue<TemplateName>> = {
  'confirm-account': {
    subject: 'Bestätigen Sie Ihr Konto bei ${company}',
    paragraphs: ['Guten Tag ${firstName},', 'Vielen Dank für Ihre Registrierung. Bestätigen Sie Ihre E-Mail-Adresse, um Ihr Konto zu aktivieren.'],
    action: { label: 'Meine Adresse bestätigen', linkParam: 'link' },
  },
  'reset-password': {
    subject: 'Zurücksetzen Ihres Passworts',
    paragraphs: [
      'Guten Tag ${firstName},',
      'Für Ihr Konto wurde das Zurücksetzen des Passworts angefordert. Der Link ist eine Stunde lang gültig.',
      'Falls Sie dies nicht angefordert haben, ignorieren Sie diese Nachricht bitte.',
    ],
    action: { label: 'Neues Passwort wählen', linkParam: 'link' },
  },
  'set-password': {
    subject: 'Ihr Zugang zu ${company}',
    paragraphs: ['Guten Tag ${firstName},', '${invitedBy} hat einen Zugang für Sie eingerichtet. Wählen Sie Ihr Passwort, um sich anzumelden.'],
    action: { label: 'Mein Passwort wählen', linkParam: 'link' },
  },
  'confirm-email-change': {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
    paragraphs: [
      'Guten Tag ${firstName},',
      'Die Adresse ${newEmail} wurde für Ihr Konto bei ${company} angegeben. Bestätigen Sie sie, damit sie Ihre Anmeldeadresse wird. Der Link ist ${hours} Stunden lang gültig.',
      'Falls diese Nachricht Sie nicht betrifft, ignorieren Sie sie bitte: Es ändert sich nichts.',
    ],
    action: { label: 'Diese Adresse bestätigen', linkParam: 'link' },
  },
  'email-change-notice': {
    subject: 'Änderung der E-Mail-Adresse Ihres Kontos angefordert',
    paragraphs: [
      'Guten Tag ${firstName},',
      '${changedBy} hat beantragt, dass Ihr Konto bei ${company} künftig die Adresse ${newEmail} verwendet. Die Änderung wird erst wirksam, wenn sie über diese Adresse bestätigt wurde; bis dahin melden Sie sich mit Ihrer bisherigen Adresse an.',
      'Falls Sie diese Änderung überrascht, wenden Sie sich bitte an Ihren Administrator.',
    ],
  },
};
