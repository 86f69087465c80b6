/**
 * Completeness of every translated text (docs/languages.md), run by scripts/test-all.sh before the tests and by
 * `npm run check:locales`. Node only (no dependency): it reads the web's JSON files and imports the server's
 * catalogues (type-only imports, which Node strips).
 *
 * (a) web: per namespace folder, every key of fr.json (the reference) in each language's file, with the same
 *     `{{placeholders}}` and the i18next plural forms the language needs; no key French lacks;
 * (b) mails and SMS: every template of every module in each language, with the same `${placeholders}` and button;
 * (c) server PDFs: every key of every text catalogue in each language, with the same `{placeholders}`.
 *
 * Exit code 1 when an ENFORCED language misses something. `--report` lists what each of the 12 languages misses,
 * enforced or not (exit code 0 unless an enforced one misses something).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { locales, languageTag } from '../packages/contracts/src/shared/common.ts';

type Family = 'web' | 'mails' | 'pdfs';

/** The languages each family must have complete: the 12, everywhere (a missing key fails CI). */
export const enforcedLanguages: Record<Family, readonly string[]> = {
  web: [...locales],
  mails: [...locales],
  pdfs: [...locales],
};

const root = new URL('..', import.meta.url).pathname;
const report = process.argv.includes('--report');
/** Problems per family and language: "where: what". */
const problems = new Map<string, string[]>();
const note = (family: Family, language: string, problem: string) => {
  const key = `${family}/${language}`;
  problems.set(key, [...(problems.get(key) ?? []), problem]);
};

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));
const show = (s: Set<string>) => `[${[...s].sort().join(', ')}]`;

// (a) web ------------------------------------------------------------------------------------------------------

/** i18next's plural suffixes; 'many' is left out where CLDR uses it only for millions in compact form (fr, es, it, pt). */
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const compactOnlyMany = new Set(['fr', 'es', 'it', 'pt']);
function pluralFormsOf(language: string): string[] {
  const categories = new Intl.PluralRules(languageTag(language)).resolvedOptions().pluralCategories as string[];
  return categories.filter((c) => !(c === 'many' && compactOnlyMany.has(language)));
}

/** Flattened leaves: `a.b.c` → text. */
function leaves(tree: Record<string, unknown>, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [name, value] of Object.entries(tree)) {
    if (value && typeof value === 'object') leaves(value as Record<string, unknown>, `${prefix}${name}.`, out);
    else out.set(`${prefix}${name}`, String(value));
  }
  return out;
}

/** Per base key (plural suffix removed): its forms and the placeholders they use together. */
function webKeys(file: string): Map<string, { forms: Set<string>; placeholders: Set<string> }> {
  const keys = new Map<string, { forms: Set<string>; placeholders: Set<string> }>();
  for (const [key, text] of leaves(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)) {
    const form = pluralSuffix.exec(key)?.[1];
    const base = form ? key.slice(0, -form.length - 1) : key;
    const entry = keys.get(base) ?? { forms: new Set<string>(), placeholders: new Set<string>() };
    if (form) entry.forms.add(form);
    for (const m of text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)) entry.placeholders.add(m[1]!);
    keys.set(base, entry);
  }
  return keys;
}

function localeFolders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name === 'node_modules') return [];
    const path = join(dir, entry.name);
    return entry.name === 'locales' && existsSync(join(path, 'fr.json')) ? [path] : localeFolders(path);
  });
}

for (const folder of localeFolders(join(root, 'apps/web/src'))) {
  const where = folder.slice(root.length).replace(/\/locales$/, '');
  const reference = webKeys(join(folder, 'fr.json'));
  for (const language of locales) {
    if (language === 'fr') continue;
    const file = join(folder, `${language}.json`);
    if (!existsSync(file)) {
      note('web', language, `${where}: no ${language}.json`);
      continue;
    }
    const keys = webKeys(file);
    for (const [base, fr] of reference) {
      const own = keys.get(base);
      if (!own) {
        note('web', language, `${where}: missing ${base}`);
        continue;
      }
      if (!sameSet(own.placeholders, fr.placeholders))
        note('web', language, `${where}: ${base} has placeholders ${show(own.placeholders)}, French ${show(fr.placeholders)}`);
      if (fr.forms.size) {
        const missing = pluralFormsOf(language).filter((f) => !own.forms.has(f));
        if (missing.length) note('web', language, `${where}: ${base} lacks the plural forms ${missing.join(', ')}`);
      }
    }
    for (const base of keys.keys()) if (!reference.has(base)) note('web', language, `${where}: ${base} is not a French key`);
  }
}

// (b) mails and SMS ----------------------------------------------------------------------------------------------

interface MailText {
  subject: string;
  paragraphs: string[];
  action?: { label: string; linkParam: string };
  sms?: string;
}
const mailPlaceholders = (t: MailText) => new Set([t.subject, ...t.paragraphs, t.sms ?? ''].flatMap((s) => [...s.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]!)));

const domainsDir = join(root, 'apps/server/src/domains');
for (const domain of readdirSync(domainsDir)) {
  const file = join(domainsDir, domain, 'templates.ts');
  if (!existsSync(file)) continue;
  const module = (await import(file)) as Record<string, unknown>;
  for (const [exportName, value] of Object.entries(module)) {
    const catalogues = value as Record<string, Record<string, MailText> | undefined>;
    if (!catalogues?.fr || typeof catalogues.fr !== 'object') continue;
    for (const language of locales) {
      if (language === 'fr') continue;
      const own = catalogues[language] ?? {};
      for (const [name, fr] of Object.entries(catalogues.fr)) {
        const text = own[name];
        const where = `${domain}/templates.ts ${exportName} ${name}`;
        if (!text) {
          note('mails', language, `${where}: missing`);
          continue;
        }
        if (!sameSet(mailPlaceholders(text), mailPlaceholders(fr)))
          note('mails', language, `${where}: placeholders ${show(mailPlaceholders(text))}, French ${show(mailPlaceholders(fr))}`);
        if (Boolean(text.sms) !== Boolean(fr.sms)) note('mails', language, `${where}: ${fr.sms ? 'no SMS text' : 'an SMS text French does not have'}`);
        if (text.action?.linkParam !== fr.action?.linkParam)
          note('mails', language, `${where}: button ${text.action?.linkParam ?? 'none'}, French ${fr.action?.linkParam ?? 'none'}`);
      }
      for (const name of Object.keys(own))
        if (!(name in catalogues.fr)) note('mails', language, `${domain}/templates.ts ${exportName} ${name}: not a French template`);
    }
  }
}

// (c) server PDFs (and the other files the server writes in words: the contact import's rejected rows) ------------------------------------------------------------------------------------------------

/** Every catalogue of PDF texts (`PdfTexts<T>`: one entry per language): file and export. */
const pdfCatalogues: [string, string][] = [
  ['apps/server/src/domains/signing/attestationTexts.ts', 'attestationTexts'],
  ['apps/server/src/domains/billing/invoicing/pdfTexts.ts', 'invoiceTexts'],
  ['apps/server/src/domains/billing/invoicing/vat.ts', 'reverseChargeMention'],
  ['apps/server/src/domains/billing/invoicing/vat.ts', 'exportMention'],
  ['apps/server/src/domains/timestamps/receiptTexts.ts', 'receiptTexts'],
  ['apps/server/src/platform/sepa-wording.ts', 'sepaMandateWording'],
  ['apps/server/src/domains/contacts/rejectedTexts.ts', 'rejectedRowsTexts'],
  ['apps/server/src/domains/signatures/watermarkTexts.ts', 'testModeWatermarks'],
  // Not a PDF, but words the server writes: the note on a HubSpot contact's timeline.
  ['apps/server/src/domains/crm/noteTexts.ts', 'crmNoteTexts'],
];
const pdfPlaceholders = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
for (const [file, exportName] of pdfCatalogues) {
  const catalogue = ((await import(join(root, file))) as Record<string, Record<string, unknown>>)[exportName];
  if (!catalogue?.fr) throw new Error(`${file}: no ${exportName} with French texts`);
  const asTree = (value: unknown) => (typeof value === 'string' ? { '': value } : (value as Record<string, unknown>));
  const reference = leaves(asTree(catalogue.fr));
  for (const language of locales) {
    if (language === 'fr') continue;
    const own = catalogue[language] === undefined ? undefined : leaves(asTree(catalogue[language]));
    const where = `${file} ${exportName}`;
    if (!own) {
      note('pdfs', language, `${where}: no ${language} texts`);
      continue;
    }
    for (const [key, text] of reference) {
      const translated = own.get(key);
      if (translated === undefined || translated.trim() === '') note('pdfs', language, `${where}: missing ${key || '(text)'}`);
      else if (!sameSet(pdfPlaceholders(translated), pdfPlaceholders(text)))
        note('pdfs', language, `${where} ${key}: placeholders ${show(pdfPlaceholders(translated))}, French ${show(pdfPlaceholders(text))}`);
    }
    for (const key of own.keys()) if (!reference.has(key)) note('pdfs', language, `${where}: ${key} is not a French key`);
  }
}

// Verdict --------------------------------------------------------------------------------------------------------

let failed = false;
for (const family of ['web', 'mails', 'pdfs'] as const) {
  for (const language of locales) {
    const list = problems.get(`${family}/${language}`) ?? [];
    const enforced = enforcedLanguages[family].includes(language);
    if (enforced && list.length) failed = true;
    if (report) console.log(`${family} ${language}${enforced ? ' (enforced)' : ''}: ${list.length ? `${list.length} missing or wrong` : 'complete'}`);
    if (list.length && (enforced || report)) for (const problem of list.slice(0, report ? Infinity : 50)) console.log(`  ${problem}`);
  }
}
if (failed) {
  console.error('\nLocales: an enforced language misses texts (above). docs/languages.md says how to add them.');
  process.exit(1);
}
console.log(
  `Locales: complete (enforced: web ${enforcedLanguages.web.join(' ')}; mails ${enforcedLanguages.mails.join(' ')}; PDFs ${enforcedLanguages.pdfs.join(' ')}).`,
);
