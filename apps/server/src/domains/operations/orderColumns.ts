/**
 * Which order column a header names (docs/operations.md "Import"): the template's names (`document`,
 * `signer2_email`…) and the words people type in the product's languages ("Fichier", "Prénom 1", "Courriel
 * signataire 2", "Nachname 2"), accents and case ignored. A number in the header is the signer's (1–10; none: signer
 * 1, so `page`, `x`, `y` alone are signer 1's); the person's fields are the address book's words (contacts' guessField).
 */
import { maxSignersPerOrder } from '@paraphe/contracts';
import { foldHeader } from '../../platform/spreadsheets/index.ts';
import { guessField } from '../contacts/index.ts';

export type OrderColumnField = 'document' | 'firstname' | 'lastname' | 'mail' | 'mobile' | 'lang' | 'role' | 'step' | 'page' | 'x' | 'y';
export interface OrderColumnGuess {
  field: OrderColumnField;
  /** 0-based signer; null for the document. */
  signer: number | null;
}

/** Words that only say "of the signer": dropped before the field is read. */
const signerWords = /\b(signer|signers|signatory|signataire|signataires|unterzeichner|firmante|firmatario|ondertekenaar|signatario|allekirjoittaja|undertegner|undertecknare|participant)\b/g;

const orderRules: [OrderColumnField, RegExp][] = [
  ['document', /^(document|documents|file|filename|file name|fichier|nom du fichier|datei|dateiname|dokument|documento|archivo|fichero|bestand|bestandsnaam|tiedosto|fil|filnavn|filnamn|pdf)$/],
  ['role', /^(role|rolle|ruolo|rol|papel|rooli)$/],
  ['step', /^(step|etape|schritt|paso|passo|stap|vaihe|trinn|steg|trin)$/],
  ['page', /^(page|seite|pagina|sivu|side|sida)$/],
  ['x', /^x$/],
  ['y', /^y$/],
];

export function guessOrderColumn(header: string): OrderColumnGuess | null {
  const folded = foldHeader(header);
  if (!folded) return null;
  // "signer1 email", "e mail 2", "2 prenom": the first number is the signer's.
  const number = /(?:^|[a-z ])(\d{1,3})(?=[ a-z]|$)/.exec(folded)?.[1];
  const signer = number === undefined ? 0 : Number(number) - 1;
  if (signer < 0 || signer >= maxSignersPerOrder) return null;
  const rest = folded.replace(/\d+/g, ' ').replace(signerWords, ' ').replace(/\s+/g, ' ').trim();
  if (!rest) return null;
  for (const [field, pattern] of orderRules) if (pattern.test(rest)) return field === 'document' ? (number === undefined ? { field, signer: null } : null) : { field, signer };
  const person = guessField(rest);
  if (person === 'mail' || person === 'firstname' || person === 'lastname' || person === 'mobile' || person === 'lang') return { field: person, signer };
  if (person === 'phoneNumber') return { field: 'mobile', signer };
  return null;
}
