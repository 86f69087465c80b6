/**
 * Macro-enabled office files are refused by what they hold, never by their name (docs/security.md "Macro-enabled
 * or mislabelled office files"): a .docm or .dotm renamed .docx, a Word file with a VBA project or VBA data, or
 * whose content types say macro-enabled; an OpenDocument file with Basic or script libraries, or whose content binds
 * a script or a macro to an event. LibreOffice runs with macros off anyway (platform/office/profile.ts): this says
 * so to the user at upload, before any mapping, instead of keeping a document that behaves otherwise elsewhere.
 */
import { AppError } from '../../platform/errors.ts';
import { InflateBudget, entryText, entryTextChunks, type ZipEntry } from '../../platform/spreadsheets/zip.ts';

const wordMacroParts = /(^|\/)(vbaProject\.bin|vbaData\.xml|vbaProjectSignature\.bin|vbaProjectSignatureAgile\.bin)$/i;
/** Content types of macro-enabled documents and templates (Word, and any other Office type), and of VBA parts. */
const wordMacroTypes = /macroEnabled|application\/vnd\.ms-office\.vbaProject|application\/vnd\.ms-word\.vbaData|application\/vnd\.ms-office\.activeX/i;
const odfScriptParts = /^(Basic|Scripts)\//;
/** An event bound to a script or a macro (office:event-listeners), or a link that runs one. */
const odfScriptUse = /script:event-listener|vnd\.sun\.star\.script:|macro:\/\//;

export const macrosRefused = (fileName: string, what: string) => {
  const message = `${fileName} contains macros (${what}). Documents with macros are refused, whatever their name (.docm, .dotm, or a .docx or .odt holding them): save it without macros, as a Word document (.docx) or an OpenDocument text (.odt), and upload it again.`;
  return new AppError('INVALID_FILE_TYPE', message, { fields: [{ field: 'file', rule: 'macros', message }], details: { macros: what } });
};

/** Why the package is macro-enabled, or null. `entries` are checked already (sizes within the inflate budget). */
export async function macroContent(bytes: Uint8Array, entries: readonly ZipEntry[], format: 'docx' | 'odt', budgetBytes: number): Promise<string | null> {
  if (format === 'docx') {
    const part = entries.find((e) => wordMacroParts.test(e.name));
    if (part) return `a VBA project, ${part.name}`;
    const types = entries.find((e) => e.name === '[Content_Types].xml');
    const declared = types ? wordMacroTypes.exec(entryText(bytes, types, 1024 * 1024)) : null;
    return declared ? `a macro-enabled content type, ${declared[0]}` : null;
  }
  const library = entries.find((e) => odfScriptParts.test(e.name));
  if (library) return `a Basic or script library, ${library.name}`;
  const budget = new InflateBudget(budgetBytes);
  for (const entry of entries) {
    if (!/(^|\/)(content|styles|manifest)\.xml$/.test(entry.name)) continue;
    let tail = '';
    for await (const chunk of entryTextChunks(bytes, entry, budget)) {
      const found = odfScriptUse.exec(tail + chunk);
      if (found) return `a script bound to an event, ${found[0]} in ${entry.name}`;
      tail = chunk.slice(-40); // a marker cut between two chunks
    }
  }
  return null;
}
