import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Swedish (se) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const se: Partial<Catalogue<TemplateName>> = {
  'confirm-account': {
    subject: 'Bekräfta ditt konto hos ${company}',
    paragraphs: ['Hej ${firstName},', 'Tack för din registrering. Bekräfta din e-postadress för att aktivera ditt konto.'],
    action: { label: 'Bekräfta min adress', linkParam: 'link' },
  },
  'reset-password': {
    subject: 'Återställning av ditt lösenord',
    paragraphs: [
      'Hej ${firstName},',
      'Någon har begärt att lösenordet till ditt konto ska återställas. Länken är giltig i en timme.',
      'Om du inte har begärt detta kan du bortse från meddelandet.',
    ],
    action: { label: 'Välj ett nytt lösenord', linkParam: 'link' },
  },
  'set-password': {
    subject: 'Din åtkomst till ${company}',
    paragraphs: ['Hej ${firstName},', '${invitedBy} har skapat ett konto åt dig. Välj ditt lösenord för att logga in.'],
    action: { label: 'Välj mitt lösenord', linkParam: 'link' },
  },
  'confirm-email-change': {
    subject: 'Bekräfta din nya e-postadress',
    paragraphs: [
      'Hej ${firstName},',
      'Adressen ${newEmail} har angetts för ditt konto hos ${company}. Bekräfta den så att den blir din inloggningsadress. Länken är giltig i ${hours} timmar.',
      'Om det här inte gäller dig kan du bortse från meddelandet: ingenting ändras.',
    ],
    action: { label: 'Bekräfta den här adressen', linkParam: 'link' },
  },
  'email-change-notice': {
    subject: 'Byte av e-postadress har begärts för ditt konto',
    paragraphs: [
      'Hej ${firstName},',
      '${changedBy} har begärt att ditt konto hos ${company} hädanefter ska använda adressen ${newEmail}. Ändringen gäller först när den har bekräftats från den adressen; fram till dess loggar du in med din nuvarande adress.',
      'Om ändringen förvånar dig, kontakta din administratör.',
    ],
  },
};
