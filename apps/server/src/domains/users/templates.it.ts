import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Italian (it) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const it: Partial<Catalogue<TemplateName>> = {
  'confirm-account': {
    subject: 'Confermi il suo account ${company}',
    paragraphs: ['Gentile ${firstName},', 'Grazie per la registrazione. Confermi il suo indirizzo e-mail per attivare il suo account.'],
    action: { label: 'Conferma il mio indirizzo', linkParam: 'link' },
  },
  'reset-password': {
    subject: 'Reimpostazione della password',
    paragraphs: [
      'Gentile ${firstName},',
      "È stata richiesta la reimpostazione della password del suo account. Il link è valido per un'ora.",
      'Se non ha effettuato lei la richiesta, ignori questo messaggio.',
    ],
    action: { label: 'Scegli una nuova password', linkParam: 'link' },
  },
  'set-password': {
    subject: 'Il suo accesso a ${company}',
    paragraphs: ['Gentile ${firstName},', '${invitedBy} ha creato un accesso per lei. Scelga la sua password per accedere.'],
    action: { label: 'Scegli la mia password', linkParam: 'link' },
  },
  'confirm-email-change': {
    subject: 'Confermi il suo nuovo indirizzo e-mail',
    paragraphs: [
      'Gentile ${firstName},',
      "L'indirizzo ${newEmail} è stato indicato per il suo account ${company}. Lo confermi perché diventi il suo indirizzo di accesso. Il link è valido per ${hours} ore.",
      'Se questo messaggio non la riguarda, lo ignori: non cambierà nulla.',
    ],
    action: { label: 'Conferma questo indirizzo', linkParam: 'link' },
  },
  'email-change-notice': {
    subject: "Richiesta di modifica dell'indirizzo e-mail del suo account",
    paragraphs: [
      'Gentile ${firstName},',
      "${changedBy} ha chiesto che il suo account ${company} utilizzi d'ora in poi l'indirizzo ${newEmail}. La modifica avrà effetto solo dopo la conferma da quell'indirizzo; fino ad allora, continuerà ad accedere con l'indirizzo attuale.",
      'Se questa modifica la sorprende, contatti il suo amministratore.',
    ],
  },
};
