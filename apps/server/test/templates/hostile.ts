/**
 * Hostile office templates (docs/security.md "Office conversion never touches the network"): one per kind of
 * reference LibreOffice may follow out of the package — each aims at `base` (a listener of the test), and each
 * holds `${name}` so that it is a template the product accepts and fills.
 */
import { strToU8, zipSync } from 'fflate';
import { buildDocx, paragraph } from './docx.ts';

const main = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const ns = [
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"',
  `xmlns:r="${rel}"`,
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"',
  'xmlns:v="urn:schemas-microsoft-com:vml"',
  'xmlns:o="urn:schemas-microsoft-com:office:office"',
].join(' ');

/** A Word document with the given body and extra relationships (and extra parts), written by hand. */
function docx(body: string, rels: string, extra: { files?: Record<string, string>; overrides?: string } = {}): Buffer {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${main}.document.main+xml"/>${extra.overrides ?? ''}</Types>`,
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    'word/_rels/document.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${ns}><w:body>${paragraph('Bonjour ${name}.')}${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`,
    ),
  };
  for (const [name, text] of Object.entries(extra.files ?? {})) files[name] = strToU8(text);
  return Buffer.from(zipSync(files));
}

/** A field as Word writes it: begin, the instruction (split in two runs, as after an edit), separate, result, end. */
const field = (instruction: string) =>
  `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${instruction.slice(0, 7)}</w:instrText></w:r><w:r><w:instrText xml:space="preserve">${instruction.slice(7)} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>cached</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;
/** The same in one simple field. */
const simpleField = (instruction: string) =>
  `<w:p><w:fldSimple w:instr=" ${instruction.replace(/"/g, '&quot;')} "><w:r><w:t>cached</w:t></w:r></w:fldSimple></w:p>`;

function odt(body: string, extraNs = ''): Buffer {
  const ns =
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:config="urn:oasis:names:tc:opendocument:xmlns:config:1.0"' +
    extraNs;
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ns} office:version="1.2"><office:body><office:text><text:p>Bonjour \${name}.</text:p>${body}</office:text></office:body></office:document-content>`;
  // The document asks for its links to be updated always (LinkUpdateMode 2), whatever the user's setting.
  const settings = `<?xml version="1.0" encoding="UTF-8"?><office:document-settings ${ns} office:version="1.2"><office:settings><config:config-item-set config:name="ooo:configuration-settings"><config:config-item config:name="LinkUpdateMode" config:type="short">2</config:config-item></config:config-item-set></office:settings></office:document-settings>`;
  const manifest = `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="settings.xml" manifest:media-type="text/xml"/></manifest:manifest>`;
  return Buffer.from(
    zipSync({
      mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }],
      'content.xml': strToU8(content),
      'settings.xml': strToU8(settings),
      'META-INF/manifest.xml': strToU8(manifest),
    }),
  );
}

export interface HostileTemplate {
  kind: string;
  fileName: string;
  data: Buffer;
}

/** Every kind of outside reference, each aimed at `base` (e.g. `http://127.0.0.1:41234`). */
export function hostileTemplates(base: string): HostileTemplate[] {
  const image = `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="linked"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="linked.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="rIdImg"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
  const ole = `<w:p><w:r><w:object w:dxaOrig="1440" w:dyaOrig="1440"><v:shape id="_x0000_i1025" type="#_x0000_t75" style="width:72pt;height:72pt" o:ole=""><v:imagedata r:id="rIdOlePic" o:title=""/></v:shape><o:OLEObject Type="Link" ProgID="Word.Document.12" ShapeID="_x0000_i1025" DrawAspect="Content" r:id="rIdOle" UpdateMode="Always"><o:LinkType>EnhancedMetaFile</o:LinkType><o:LockedField>false</o:LockedField></o:OLEObject></w:object></w:r></w:p>`;
  const vml = `<w:p><w:r><w:pict><v:shape style="width:72pt;height:72pt"><v:imagedata src="${base}/vml.png" o:href="${base}/vml-href.png"/></v:shape></w:pict></w:r></w:p>`;
  const external = (id: string, type: string, target: string) => `<Relationship Id="${id}" Type="${rel}/${type}" Target="${target}" TargetMode="External"/>`;
  const settingsXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:settings ${ns}><w:attachedTemplate r:id="rIdTpl"/><w:linkStyles/><w:updateFields w:val="true"/></w:settings>`;
  return [
    {
      kind: 'linked image (external relationship, r:link)',
      fileName: 'linked-image.docx',
      data: docx(image, external('rIdImg', 'image', `${base}/linked.png`)),
    },
    {
      kind: 'OLE link',
      fileName: 'ole-link.docx',
      data: docx(ole, external('rIdOle', 'oleObject', `${base}/ole.docx`) + external('rIdOlePic', 'image', `${base}/ole.emf`)),
    },
    {
      kind: 'INCLUDEPICTURE field',
      fileName: 'includepicture.docx',
      data: docx(field(`INCLUDEPICTURE "${base}/include.png" \\d`) + simpleField(`INCLUDEPICTURE "${base}/include-simple.png"`), ''),
    },
    {
      kind: 'INCLUDETEXT field',
      fileName: 'includetext.docx',
      data: docx(
        field(`INCLUDETEXT "${base}/include.docx"`) +
          simpleField(`INCLUDETEXT "${base}/include-simple.docx"`) +
          simpleField(`LINK Word.Document.12 "${base}/link.docx" "" \\a \\f 0 \\p`),
        '',
      ),
    },
    {
      kind: 'external relationships (attached template, VML image)',
      fileName: 'external-rels.docx',
      data: docx(vml, '<Relationship Id="rIdSet" Type="' + rel + '/settings" Target="settings.xml"/>', {
        files: {
          'word/settings.xml': settingsXml,
          'word/_rels/settings.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${external('rIdTpl', 'attachedTemplate', `${base}/template.dotx`)}</Relationships>`,
        },
        overrides: `<Override PartName="/word/settings.xml" ContentType="${main}.settings+xml"/>`,
      }),
    },
    {
      kind: 'ODF xlink:href (linked image, linked section, OLE link)',
      fileName: 'linked.odt',
      data: odt(
        `<text:p><draw:frame draw:name="i1" svg:width="2cm" svg:height="2cm"><draw:image xlink:href="${base}/odf.png" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>` +
          `<text:section text:name="s1"><text:section-source xlink:href="${base}/section.odt" xlink:type="simple" text:filter-name="writer8"/><text:p>cached</text:p></text:section>` +
          `<text:p><draw:frame draw:name="o1" svg:width="2cm" svg:height="2cm"><draw:object xlink:href="${base}/object.ods" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>`,
      ),
    },
  ];
}

/** A harmless template of the same shape (the bench's and the tests' control). */
export const harmlessTemplate = () => buildDocx({ body: paragraph('Bonjour ${name}.') });
