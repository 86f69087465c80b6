import type { Catalogue, TemplateName } from '../../platform/messaging/templates/types.ts';

/** Norwegian (Bokmål) (no) texts of this domain's mails, wired in templates.ts; fr there is the reference. */
export const no: Partial<Catalogue<TemplateName>> = {
  'gdpr-export-ready': {
    subject: 'GDPR-eksport klar: ${subject}',
    paragraphs: [
      'Hei ${firstName},',
      'Eksporten du ba om av dataene kontoen din har om ${subject}, er klar. Den inneholder kontaktkortene, deltakelsen i signeringsforespørsler og de signerte dokumentene som fortsatt lagres.',
      'Lenken virker i ${days} dager. Filen inneholder personopplysninger: gi den bare til den berørte personen, via en sikker kanal.',
    ],
    action: { label: 'Last ned eksporten', linkParam: 'link' },
  },
};
