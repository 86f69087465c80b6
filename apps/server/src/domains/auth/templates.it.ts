import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Italian (it) texts of this domain's mails and SMS, wired in templates.ts; fr there is the reference. */
export const it: Partial<Catalogue<TemplateName>> = {
  'second-factor-code': {
    subject: 'Il suo codice di accesso: ${code}',
    paragraphs: ['Gentile ${firstName},', 'Il suo codice di accesso è ${code}. Scade tra ${minutes} minuti.'],
    sms: 'Codice di accesso: ${code} (valido ${minutes} min).',
  },
  'login-locked': {
    subject: 'Tentativi di accesso al suo account',
    paragraphs: [
      'Gentile ${firstName},',
      "Qualcuno ha tentato più volte di accedere al suo account con una password errata. Per precauzione, l'accesso con password è sospeso per ${minutes} minuti.",
      'Se è stato lei, attenda oppure scelga una nuova password: la sospensione verrà revocata subito. In caso contrario, la sua password non è stata scoperta e può ignorare questo messaggio.',
    ],
    action: { label: 'Scegli una nuova password', linkParam: 'link' },
  },
  'login-codes-locked': {
    subject: 'Codici di accesso errati sul suo account',
    paragraphs: [
      'Gentile ${firstName},',
      "Per il suo account sono stati inseriti diversi codici di accesso errati, dopo la password corretta. L'accesso è sospeso per ${minutes} minuti.",
      'Se non è stato lei, qualcuno conosce la sua password: la cambi subito.',
    ],
    action: { label: 'Cambia la mia password', linkParam: 'link' },
  },
};
