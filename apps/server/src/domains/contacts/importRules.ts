/**
 * The row rules of a contact import (spec §5 "Import of signers or contacts"), pure: a row of text cells and the
 * mapping in, a verdict out. The job (import-job.ts) feeds them the rows of the file in order, with the set of
 * e-mails seen on earlier rows and the answers of the domain check.
 *
 * - no e-mail, or not an e-mail address → skipped `invalid_email`;
 * - the same e-mail (case-insensitive) on an earlier row of the file → skipped `duplicate_in_file` (the first counts);
 * - the e-mail's domain does not resolve (when the domain check is on) → skipped `domain_unresolved`;
 * - a missing first or last name → `-`, warning `name_missing` (the legal warning of spec §5);
 * - a mobile or phone not in international format (+33…; `00` is read as `+`) → not imported, warning
 *   `mobile_invalid` / `phone_invalid`;
 * - the language is one of the spec's import languages (bg, ca, de, en, es, fr, it, pl, nl, pt, ro — contracts
 *   `importLanguages`), kept even where the interface has no translation (docs/languages.md): codes in any case, with
 *   a region — `fr-FR`, `ro_RO` —, and the names in English, French or the language itself — `Français`, `German`,
 *   `Deutsch`, `Română`. Anything else (`el`, `da`, `sv`, `Klingon`) → the default language, warning `language_unknown`;
 * - civility: M, Mr, Monsieur… → M; Mme, Mrs, Madame, Mlle… → MME; Other, Autre, Mx → OTHER; anything else → empty,
 *   warning `civility_unknown`;
 * - a text longer than its field → cut, warning `text_truncated`;
 * - a blank row (every cell empty or spaces) → ignored, not counted.
 */
import { emailSchema, importLanguages, type ContactField, type ImportLanguage, type ImportRowReason } from '@paraphe/contracts';

export type ImportMapping = Partial<Record<ContactField, number>>;

/** The most characters each text field keeps (the contracts' contactInputSchema limits). */
export const fieldLimits = { firstname: 100, lastname: 100, title: 100, company: 200, address: 300, additionalAddress: 300 } as const;

/**
 * A contact as read from a row. `null` means "the row does not give it": a new contact gets the default (`-` for a
 * name, the tenant's language), an existing one keeps what it has.
 */
export interface ImportedContact {
  mail: string;
  firstname: string | null;
  lastname: string | null;
  civility: 'M' | 'MME' | 'OTHER' | null;
  title: string | null;
  company: string | null;
  phoneNumber: string | null;
  mobile: string | null;
  lang: ImportLanguage | null;
  address: string | null;
  additionalAddress: string | null;
}

export type RowVerdict =
  { kind: 'blank' } | { kind: 'skipped'; reasons: ImportRowReason[] } | { kind: 'accepted'; contact: ImportedContact; warnings: ImportRowReason[] };

export interface RowContext {
  /** E-mails of the earlier rows (lower-case); the row's own is added when it has a valid one. */
  seen: Set<string>;
  /** Whether the domain resolves; `true` when the check is off or could not tell. */
  domainResolves(domain: string): boolean;
}

/** The name a missing first or last name gets (spec §5). */
export const missingName = '-';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

export const isBlankRow = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/** The normalised e-mail of a text, or null when it is not an e-mail address. */
export function normaliseEmail(text: string): string | null {
  const parsed = emailSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
}

export const domainOf = (mail: string) => mail.slice(mail.lastIndexOf('@') + 1);

/** A phone number in international format (+ and 8 to 15 digits), or null. Spaces, dots, dashes, brackets are dropped. */
export function internationalPhone(text: string): string | null {
  let compact = text.replace(/[\s.\-()/]/g, '');
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
}

/** The import languages by name, in English, French and the language itself (accents and case ignored). */
const languageNames: Record<string, ImportLanguage> = {
  bulgarian: 'bg',
  bulgare: 'bg',
  български: 'bg',
  balgarski: 'bg',
  catalan: 'ca',
  catala: 'ca',
  german: 'de',
  allemand: 'de',
  deutsch: 'de',
  english: 'en',
  anglais: 'en',
  spanish: 'es',
  espagnol: 'es',
  espanol: 'es',
  castellano: 'es',
  french: 'fr',
  francais: 'fr',
  italian: 'it',
  italien: 'it',
  italiano: 'it',
  polish: 'pl',
  polonais: 'pl',
  polski: 'pl',
  dutch: 'nl',
  neerlandais: 'nl',
  nederlands: 'nl',
  hollandais: 'nl',
  portuguese: 'pt',
  portugais: 'pt',
  portugues: 'pt',
  romanian: 'ro',
  roumain: 'ro',
  romana: 'ro',
  romaneste: 'ro',
};

/** An import language from what a spreadsheet may say ("FR", "fr-FR", "Français"…), or null (`el`, `da`: not in the list). */
export function parseLanguage(text: string): ImportLanguage | null {
  const folded = fold(text);
  if (!folded) return null;
  const code = folded.split(/[-_\s]/)[0]!;
  if ((importLanguages as readonly string[]).includes(code)) return code as ImportLanguage;
  return languageNames[folded] ?? languageNames[code] ?? null;
}

const civilities: Record<string, 'M' | 'MME' | 'OTHER'> = {
  m: 'M',
  mr: 'M',
  monsieur: 'M',
  mister: 'M',
  sir: 'M',
  herr: 'M',
  sr: 'M',
  senor: 'M',
  mme: 'MME',
  mrs: 'MME',
  ms: 'MME',
  miss: 'MME',
  madame: 'MME',
  mademoiselle: 'MME',
  mlle: 'MME',
  frau: 'MME',
  sra: 'MME',
  senora: 'MME',
  other: 'OTHER',
  autre: 'OTHER',
  mx: 'OTHER',
};

/** M, MME or OTHER from what a spreadsheet may say ("Mr.", "Madame"…), undefined when not recognised. */
export function parseCivility(text: string): 'M' | 'MME' | 'OTHER' | undefined {
  return civilities[fold(text).replace(/\.$/, '')];
}

/** Judges one row (cells as read, text). `ctx.seen` gets the row's e-mail when it has a valid one. */
export function judgeRow(cells: readonly string[], mapping: ImportMapping, ctx: RowContext): RowVerdict {
  if (isBlankRow(cells)) return { kind: 'blank' };
  const cell = (field: ContactField): string => {
    const index = mapping[field];
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const mail = normaliseEmail(cell('mail'));
  if (!mail) return { kind: 'skipped', reasons: ['invalid_email'] };
  if (ctx.seen.has(mail)) return { kind: 'skipped', reasons: ['duplicate_in_file'] };
  ctx.seen.add(mail);
  if (!ctx.domainResolves(domainOf(mail))) return { kind: 'skipped', reasons: ['domain_unresolved'] };

  const warnings = new Set<ImportRowReason>();
  const text = (field: keyof typeof fieldLimits): string | null => {
    const value = cell(field);
    if (!value) return null;
    const limit = fieldLimits[field];
    if (value.length <= limit) return value;
    warnings.add('text_truncated');
    return value.slice(0, limit).trimEnd();
  };
  const firstname = text('firstname');
  const lastname = text('lastname');
  if (!firstname || !lastname) warnings.add('name_missing');

  const phone = (field: 'mobile' | 'phoneNumber', reason: ImportRowReason): string | null => {
    const value = cell(field);
    if (!value) return null;
    const parsed = internationalPhone(value);
    if (!parsed) warnings.add(reason);
    return parsed;
  };
  const mobile = phone('mobile', 'mobile_invalid');
  const phoneNumber = phone('phoneNumber', 'phone_invalid');

  let lang: ImportLanguage | null = null;
  if (cell('lang')) {
    lang = parseLanguage(cell('lang'));
    if (!lang) warnings.add('language_unknown');
  }
  let civility: ImportedContact['civility'] = null;
  if (cell('civility')) {
    civility = parseCivility(cell('civility')) ?? null;
    if (!civility) warnings.add('civility_unknown');
  }
  return {
    kind: 'accepted',
    contact: {
      mail,
      firstname,
      lastname,
      civility,
      title: text('title'),
      company: text('company'),
      phoneNumber,
      mobile,
      lang,
      address: text('address'),
      additionalAddress: text('additionalAddress'),
    },
    warnings: [...warnings],
  };
}
