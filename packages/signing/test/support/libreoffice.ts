import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scratchDir } from './scratch.ts';

/**
 * A real LibreOffice form: an HTML page with a text input and a checked check box, opened by Writer and exported
 * with writer_pdf_Export (`soffice --headless`). LibreOffice writes /NeedAppearances true, an EMPTY appearance for
 * the text field and a check box whose /AS state has no appearance. Needs `soffice` (libreoffice-writer).
 */
export function libreOfficeForm(): Uint8Array {
  return convert(
    '<p>Contrat de test avec un formulaire — élève.</p>' +
      '<form><p>Nom : <input type="text" name="nom" value="Jean Dupont" size="30"></p>' +
      '<p>Accord : <input type="checkbox" name="accord" checked></p></form>',
    'pdf:writer_pdf_Export',
  );
}

/** A PDF/A file as LibreOffice writes it: part 1 gives PDF/A-1a, part 2 PDF/A-2b (XMP claim, embedded fonts, sRGB intent). */
export function libreOfficePdfA(part: 1 | 2): Uint8Array {
  return convert(
    '<h1>Contrat de prestation</h1><p>Entre les soussignés — Éloïse Dupré et la société ACME.</p>',
    `pdf:writer_pdf_Export:{"SelectPdfVersion":{"type":"long","value":"${part}"}}`,
  );
}

function convert(body: string, filter: string): Uint8Array {
  const dir = scratchDir('soffice');
  const html = join(dir, 'doc.html');
  writeFileSync(html, `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Document</title></head><body>${body}</body></html>`);
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
      '--headless',
      '--infilter=HTML (StarWriter)',
      '--convert-to',
      filter,
      '--outdir',
      dir,
      html,
    ],
    { stdio: 'pipe', timeout: 120_000 },
  );
  return readFileSync(join(dir, 'doc.pdf'));
}
