/**
 * Which contact field a column is, from its header text (French and English words, and the common ones of the
 * product's other languages; accents and case ignored), and
 * whether the first line is a header at all. The first matching rule wins, and each field goes to one column (the
 * leftmost): "Complément d'adresse" is the additional address before it is an address, "Prénom" a first name
 * before it is a name, "Nom de la société" a company before it is a name, "Téléphone portable" a mobile before it is a phone.
 */
import type { ContactField } from '@paraphe/contracts';
import { foldHeader } from '../../platform/spreadsheets/index.ts';
import { normaliseEmail } from './importRules.ts';

const rules: [ContactField, RegExp][] = [
  ['additionalAddress', /\b(complement|additional address|address (line )?2|adresse 2|address2|adresse2|suite)\b/],
  ['mail', /\b(e ?mail|mail|courriel|email address|adresse electronique|correo|sahkoposti|e ?post)\b/],
  ['firstname', /\b(prenom|first ?name|given name|forename|vorname|nombre|voornaam|etunimi|fornavn|fornamn|primeiro nome)\b/],
  ['company', /\b(societe|company|entreprise|organisation|organization|raison sociale|employer|employeur|compagnie)\b/],
  [
    'lastname',
    /\b(nom de famille|last ?name|surname|family name|nachname|familienname|apellidos?|cognome|achternaam|sukunimi|efternavn|etternavn|efternamn|apelido|nom|name)\b/,
  ],
  ['mobile', /\b(mobile|portable|cell(ular)?|gsm|cellphone|handy|mobil|movil|cellulare|celular|telemovel|matkapuhelin)\b/],
  ['phoneNumber', /\b(telephone|phone|tel|fixe|landline|phone number)\b/],
  ['civility', /\b(civilite|civility|salutation|honorific)\b/],
  ['title', /\b(fonction|job title|job|title|titre|poste|position|role)\b/],
  ['lang', /\b(langue|language|lang|locale|idioma|sprache|lingua|taal|kieli|sprak|sprog)\b/],
  ['address', /\b(adresse|address|rue|street)\b/],
];

/** The field a header text names, or null. */
export function guessField(header: string): ContactField | null {
  const folded = foldHeader(header);
  if (!folded) return null;
  for (const [field, pattern] of rules) if (pattern.test(folded)) return field;
  return null;
}

export interface HeaderGuess {
  /** Per column of the first line: the field guessed (each field at most once), or null. */
  guesses: (ContactField | null)[];
  firstLineIsHeader: boolean;
}

/**
 * The guesses for a sheet: from the first line's texts when at least two of them name a field (a header); otherwise
 * the first line is data, and only the e-mail column is guessed, from the cells that hold addresses.
 */
export function guessColumns(rows: readonly (readonly string[])[]): HeaderGuess {
  const first = rows[0] ?? [];
  const width = Math.max(0, ...rows.map((r) => r.length));
  const taken = new Set<ContactField>();
  const fromHeader = Array.from({ length: width }, (_, i) => {
    const field = guessField(first[i] ?? '');
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
  if (taken.size >= 2) return { guesses: fromHeader, firstLineIsHeader: true };
  const guesses: (ContactField | null)[] = new Array(width).fill(null);
  let best = -1;
  let bestCount = 0;
  for (let i = 0; i < width; i++) {
    const count = rows.filter((r) => normaliseEmail(r[i] ?? '') !== null).length;
    if (count > bestCount) [best, bestCount] = [i, count];
  }
  if (best >= 0) guesses[best] = 'mail';
  return { guesses, firstLineIsHeader: false };
}
