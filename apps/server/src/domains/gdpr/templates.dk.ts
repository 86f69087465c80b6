import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Danish (dk) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const dk: Partial<Catalogue<TemplateName>> = {
  'gdpr-export-ready': {
    subject: 'GDPR-eksport klar: ${subject}',
    paragraphs: [
      'Hej ${firstName},',
      'Den eksport, du har anmodet om, af de data, din konto har om ${subject}, er klar. Den indeholder kontaktkortene, deltagelsen i signaturanmodninger og de signerede dokumenter, der stadig opbevares.',
      'Linket virker i ${days} dage. Filen indeholder personoplysninger: giv den kun til den berørte person og via en sikker kanal.',
    ],
    action: { label: 'Download eksporten', linkParam: 'link' },
  },
};
