/**
 * Word templates: checking an upload (a real .docx or .odt, no zip bomb), finding its `${variables}`, filling it.
 *
 * docxtemplater (delimiters `${` `}`) reads the placeholders across runs: a word processor that split `${name}`
 * into `${na` + `me}` (one run per edit session, spell-check, formatting) still gives `name`. Headers and footers
 * are templated too. Only plain variables are allowed: docxtemplater's loops (`${#x}`), conditions (`${^x}`) and
 * raw XML (`${@x}`) are refused at upload, so a value is always text — escaped by docxtemplater, never markup.
 */
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
// Zod-free parts only: this file runs on the worker threads (worker-tasks.ts), which do not load the contracts.
import type { TemplateFormat } from '@paraphe/contracts';
import { isNoValue, templateMaxInflatedBytes, templateMaxVariables, variableNameMaxLength } from '@paraphe/contracts/template-limits';
import { AppError } from '../../platform/errors.ts';
import { SpreadsheetError } from '../../platform/spreadsheets/errors.ts';
import { InflateBudget, entryText, isZip, readZipDirectory, verifyEntries } from '../../platform/spreadsheets/zip.ts';
import { macroContent, macrosRefused } from './macros.ts';

const accepted = 'Accepted formats: Word .docx and OpenDocument .odt (save an old .doc as .docx).';
export const invalidTemplate = (message: string) => new AppError('INVALID_FILE_TYPE', message, { fields: [{ field: 'file', rule: 'invalid_value', message }] });
const invalidContent = (message: string) => new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'file', rule: 'invalid_value', message }] });

/**
 * What the bytes are, after checking the whole archive inflates within bounds (declared sizes are not trusted:
 * every entry is inflated once and counted). Throws INVALID_FILE_TYPE (a zip bomb too: not a valid document); with the
 * field rule `macros` for a document holding macros, whatever its name (macros.ts).
 */
export async function checkTemplateFile(bytes: Uint8Array, fileName: string): Promise<TemplateFormat> {
  if (!bytes.length) throw invalidContent(`${fileName} is empty.`);
  if (!isZip(bytes)) {
    const ole = bytes.length > 8 && bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
    throw invalidTemplate(
      ole ? `${fileName} is an old Word (.doc) file: open it and save it as .docx. ${accepted}` : `${fileName} is not a Word or OpenDocument text. ${accepted}`,
    );
  }
  try {
    const entries = readZipDirectory(bytes, { maxInflatedBytes: templateMaxInflatedBytes, maxEntries: 5000 });
    await verifyEntries(bytes, entries, new InflateBudget(templateMaxInflatedBytes));
    const names = new Set(entries.map((e) => e.name));
    const mimetype = entries.find((e) => e.name === 'mimetype');
    let format: TemplateFormat | undefined;
    if (mimetype && entryText(bytes, mimetype, 200).trim() === 'application/vnd.oasis.opendocument.text' && names.has('content.xml')) format = 'odt';
    else if (names.has('[Content_Types].xml') && names.has('word/document.xml')) format = 'docx';
    if (format) {
      const macros = await macroContent(bytes, entries, format, templateMaxInflatedBytes);
      if (macros) throw macrosRefused(fileName, macros);
      return format;
    }
  } catch (error) {
    if (!(error instanceof SpreadsheetError)) throw error;
    if (error.code === 'TOO_LARGE') {
      // Not "too large" (issue 25): the file itself is small; what it holds is no document a word processor writes.
      const message = `${fileName} is not a valid document: it unpacks to more than ${templateMaxInflatedBytes / 1024 / 1024} MB, which no word processor writes (a zip bomb?). ${accepted}`;
      throw new AppError('INVALID_FILE_TYPE', message, { fields: [{ field: 'file', rule: 'not_a_document', message }] });
    }
    throw invalidTemplate(`${fileName} could not be read: ${error.message} ${accepted}`);
  }
  throw invalidTemplate(`${fileName} is an archive but not a text document (a spreadsheet or a presentation?). ${accepted}`);
}

interface Part {
  type: string;
  value?: string;
  module?: string;
  subparsed?: Part[];
}
interface Compiled {
  compiled: Record<string, { postparsed: Part[] }>;
  getTags(): { headers: { target: string }[]; document?: { target: string }; footers: { target: string }[] };
}

const names = (tag: string) => tag.trim();
/** XML 1.0 refuses these characters: a value carrying them would make a document no word processor opens. */
const forbiddenChars = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function open(bytes: Uint8Array, fileName: string): Docxtemplater {
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch (error) {
    throw invalidTemplate(`${fileName} could not be read: ${(error as Error).message}. ${accepted}`);
  }
  try {
    return new Docxtemplater(zip, {
      delimiters: { start: '${', end: '}' },
      paragraphLoop: true,
      linebreaks: true,
      errorLogging: false,
      parser: (tag: string) => ({ get: (scope: Record<string, unknown>) => scope[names(tag)] }),
    });
  } catch (error) {
    const details = ((error as { properties?: { errors?: { properties?: { explanation?: string } }[] } }).properties?.errors ?? [])
      .map((e) => e.properties?.explanation)
      .filter(Boolean)
      .slice(0, 5);
    const message = details.length ? details.join(' ') : (error as Error).message;
    throw invalidContent(`${fileName}: the placeholders are not well formed. ${message} Variables are written \${name}.`);
  }
}

/** The template's variables, unique, in reading order: headers, body, footers. Checks they are plain variables. */
export function extractVariables(bytes: Uint8Array, fileName = 'The template'): string[] {
  const doc = open(bytes, fileName) as unknown as Compiled;
  const tags = doc.getTags();
  const targets = [...tags.headers.map((h) => h.target), ...(tags.document ? [tags.document.target] : []), ...tags.footers.map((f) => f.target)];
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (part.type !== 'placeholder') continue;
      const raw = part.value ?? '';
      if (part.module) {
        const sign = { loop: '#', rawxml: '@' }[part.module] ?? '';
        throw invalidContent(
          `${fileName}: \${${sign}${raw}} is not a variable: only plain \${name} variables are supported (no loops, conditions or raw XML).`,
        );
      }
      const name = names(raw);
      if (!name) throw invalidContent(`${fileName}: an empty \${} placeholder: give it a name or remove it.`);
      if (name.length > variableNameMaxLength)
        throw invalidContent(`${fileName}: the variable \${${name.slice(0, 30)}…} is longer than ${variableNameMaxLength} characters.`);
      if (!seen.has(name)) {
        seen.add(name);
        found.push(name);
      }
      if (part.subparsed) walk(part.subparsed);
    }
  };
  for (const target of targets) walk(doc.compiled[target]?.postparsed ?? []);
  if (found.length > templateMaxVariables) throw invalidContent(`${fileName} has ${found.length} variables: ${templateMaxVariables} at most.`);
  return found;
}

/** The variables of `variables` that `values` does not give. */
export const missingVariables = (variables: readonly string[], values: Readonly<Record<string, string | undefined>>) =>
  variables.filter((v) => typeof values[v] !== 'string');

export function missingValuesError(missing: readonly string[]): AppError {
  const message = `No value for ${missing.length > 1 ? 'the variables' : 'the variable'} ${missing.map((m) => `\${${m}}`).join(', ')}.`;
  return new AppError('VALIDATION_FAILED', message, {
    fields: missing.map((m) => ({ field: `values.${m}`, rule: 'required', message: `No value for the variable \${${m}}.` })),
    details: { missing },
  });
}

/**
 * The template filled with `values` (a .docx, stored uncompressed: it only travels to LibreOffice). Every variable
 * needs a value (else VALIDATION_FAILED naming them); values are text: escaped, line breaks kept, characters XML
 * cannot hold removed. A word for nothing (`undefined`, `null`, `NaN`) is written as nothing: the callers refuse
 * such values before sending; this is the last guard, so no document ever says them.
 */
export function fillTemplate(bytes: Uint8Array, variables: readonly string[], values: Readonly<Record<string, string | undefined>>): Buffer {
  const missing = missingVariables(variables, values);
  if (missing.length) throw missingValuesError(missing);
  const clean: Record<string, string> = {};
  for (const v of variables) clean[v] = isNoValue(values[v]) ? '' : values[v]!.replace(forbiddenChars, '');
  const doc = open(bytes, 'The template');
  doc.render(clean);
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'STORE' });
}
