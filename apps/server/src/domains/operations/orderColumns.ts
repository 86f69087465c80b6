/**
 * Which order column a header names (docs/operations.md "Import"): the template's names (`document`,
 * `signer2_email`…) and the words people type in the product's languages ("Fichier", "Prénom 1", "Courriel
 * signataire 2", "Nachname 2"), accents and case ignored. A number in the header is the signer's (1–10; none: signer
 * 1, so `page`, `x`, `y` alone are signer 1's); the person's fields are the address book's words (contacts' guessField).
 */
import { maxSignersPerOrder, type OrderImportMapping, type OrderSignerColumnField } from '@paraphe/contracts';
import { foldHeader } from '../../platform/spreadsheets/index.ts';
import { guessField } from '../contacts/index.ts';

export type OrderColumnField = 'document' | 'firstname' | 'lastname' | 'mail' | 'mobile' | 'lang' | 'role' | 'step' | 'page' | 'x' | 'y';
export interface OrderColumnGuess {
  field: OrderColumnField;
  /** 0-based signer; null for the document. */
  signer: number | null;
}

/** Words that only say "of the signer": dropped before the field is read. */
const signerWords =
  /\b(signer|signers|signatory|signataire|signataires|unterzeichner|firmante|firmatario|ondertekenaar|signatario|allekirjoittaja|undertegner|undertecknare|participant)\b/g;

const orderRules: [OrderColumnField, RegExp][] = [
  [
    'document',
    /^(document|documents|file|filename|file name|fichier|nom du fichier|datei|dateiname|dokument|documento|archivo|fichero|bestand|bestandsnaam|tiedosto|fil|filnavn|filnamn|pdf)$/,
  ],
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
  for (const [field, pattern] of orderRules)
    if (pattern.test(rest)) return field === 'document' ? (number === undefined ? { field, signer: null } : null) : { field, signer };
  const person = guessField(rest);
  if (person === 'mail' || person === 'firstname' || person === 'lastname' || person === 'mobile' || person === 'lang') return { field: person, signer };
  if (person === 'phoneNumber') return { field: 'mobile', signer };
  return null;
}

/** The template's word for each field after `signerN_` (`signer1_email` is the field `mail` of signer 0). */
const templateWord: Record<Exclude<OrderColumnField, 'document'>, OrderSignerColumnField> = {
  firstname: 'firstname',
  lastname: 'lastname',
  mail: 'email',
  mobile: 'phone',
  lang: 'language',
  role: 'role',
  step: 'step',
  page: 'page',
  x: 'x',
  y: 'y',
};
const fieldOfWord = new Map<string, OrderColumnField>(Object.entries(templateWord).map(([field, word]) => [word, field as OrderColumnField]));

/** A field's name in a mapping: the template's column name (`document`, `signer2_email`). */
export const orderColumnKey = ({ field, signer }: OrderColumnGuess): string =>
  field === 'document' ? 'document' : `signer${(signer ?? 0) + 1}_${templateWord[field]}`;

/** The field a mapping's name stands for; null for a name that is no field of an order. */
export function orderColumnOfKey(key: string): OrderColumnGuess | null {
  if (key === 'document') return { field: 'document', signer: null };
  const match = /^signer([1-9]\d?)_([a-z]+)$/.exec(key);
  const field = match && fieldOfWord.get(match[2]!);
  const signer = match ? Number(match[1]) - 1 : -1;
  return field && signer < maxSignersPerOrder ? { field, signer } : null;
}

/**
 * The mapping proposed for a header row: first the tenant's remembered one (each field goes to the column whose
 * header reads the same, case and accents aside: it wins over the guess), then the guess from the header words
 * for the fields and columns left, each field at its leftmost column. A signer's fields are proposed even without
 * that signer's e-mail: the screen asks for it; an import without a mapping reads no such signer.
 */
export function proposeOrderMapping(
  header: readonly string[],
  remembered: Record<string, string> | null,
): { mapping: OrderImportMapping; remembered: boolean } {
  const mapping: OrderImportMapping = {};
  const taken = new Set<number>();
  const give = (key: string, column: number) => {
    mapping[key] = column;
    taken.add(column);
  };
  let fromMemory = false;
  if (remembered) {
    const columnOfHeader = new Map<string, number>();
    header.forEach((text, index) => {
      const folded = foldHeader(text);
      if (folded && !columnOfHeader.has(folded)) columnOfHeader.set(folded, index);
    });
    for (const [key, text] of Object.entries(remembered)) {
      const column = columnOfHeader.get(foldHeader(text));
      if (column === undefined || taken.has(column) || mapping[key] !== undefined || !orderColumnOfKey(key)) continue;
      give(key, column);
      fromMemory = true;
    }
  }
  header.forEach((text, index) => {
    const guess = taken.has(index) ? null : guessOrderColumn(text);
    const key = guess && orderColumnKey(guess);
    if (key && mapping[key] === undefined) give(key, index);
  });
  return { mapping, remembered: fromMemory };
}
