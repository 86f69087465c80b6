import { X509Certificate } from 'node:crypto';
import { buildSignatureCms } from '../crypto/index.ts';
import type { CmsSigner, RevocationSource, SignatureFormat, SignerIdentity, TimestampAuthority } from '../crypto/types.ts';
import { SigningError } from '../errors.ts';
import { guarded } from './guard.ts';
import { buildAppearance, type VisibleAppearance } from './appearance.ts';
import { settleNeedAppearances } from './form-appearances.ts';
import { pageGeometry, pageOfAnnotation, visibleSize } from './geometry.ts';
import { forbidsTransparency, pdfAConformance } from './pdfa.ts';
import { addSignatureField, ensureSigFlags, findSignatureField, listFields, uniqueFieldName } from './fields.ts';
import type { PdfLimits } from './limits.ts';
import { appendDocumentTimestamp, appendDssRevision, gatherValidationData, signatureCertificates } from './ltv.ts';
import { PdfDict, PdfRef, PdfString, asNumber, name, pdfDate, type PdfValue } from './objects.ts';
import { appendSignedRevision, openRevision, placeholderEntries } from './placeholder.ts';
import { PdfReader } from './reader.ts';
import { IncrementalPdf, type PdfUpdate } from './update.ts';

/** DocMDP permission levels (ISO 32000-1 §12.8.2.2): 1 no change, 2 forms and signatures, 3 also annotations. */
export type DocMdpPermission = 1 | 2 | 3;

export type PadesLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';
export const padesLevels: readonly PadesLevel[] = ['B-B', 'B-T', 'B-LT', 'B-LTA'];

export interface SignPdfOptions {
  /** Name of the (existing, empty) signature field to fill. */
  field: string;
  /** A key in memory, or an external signer (ExternalSignerIdentity: the signature value comes from a callback). */
  signer: CmsSigner;
  level: PadesLevel;
  /** Default 'PADES'. */
  format?: SignatureFormat;
  /** Required from B-T up. Never replaced by the local clock. */
  tsa?: TimestampAuthority;
  /** Required for B-LT and B-LTA (revocation data for the DSS). */
  revocation?: RevocationSource;
  /** Visible appearance drawn in the widget, or 'invisible' (default). */
  appearance?: VisibleAppearance | 'invisible';
  /**
   * Certify the document (DocMDP) with this permission: 1 no change, 2 form filling and signing (`true`), 3 also
   * annotations. Only on the first signature.
   */
  certify?: boolean | DocMdpPermission;
  /** Claimed signing time (/M, and signing-time attribute for ISO-32000-1). Default: now. */
  signingTime?: Date;
  /** Bytes reserved for the CMS; default estimated from the chain and level. */
  placeholderBytes?: number;
  limits?: Partial<PdfLimits>;
}

const SUBFILTER: Record<SignatureFormat, string> = {
  PADES: 'ETSI.CAdES.detached',
  'PADES-COMP': 'adbe.pkcs7.detached',
  'ISO-32000-1': 'adbe.pkcs7.detached',
};

const commonNames = new WeakMap<Uint8Array, string>();

/** The certificate's CN (for /Name), parsed once per certificate object: identities are reused across signatures. */
export function commonName(certificate: Uint8Array): string {
  let cn = commonNames.get(certificate);
  if (cn === undefined) {
    try {
      const subject = new X509Certificate(certificate).subject;
      const line = subject.split('\n').find((l) => l.startsWith('CN='));
      cn = line ? line.slice(3) : subject.replace(/\n/g, ', ');
    } catch {
      cn = '';
    }
    commonNames.set(certificate, cn);
  }
  return cn;
}

/** Rough upper bound of the CMS: certificates + signature + attributes, plus a time-stamp token with its chain. */
function estimatePlaceholder(signer: CmsSigner, withTimestamp: boolean): number {
  const certs = [signer.certificate, ...signer.chain].reduce((n, c) => n + c.length, 0);
  return 4096 + certs + (withTimestamp ? 10_240 + certs : 0);
}

function validateOptions(options: { level: PadesLevel; tsa?: TimestampAuthority; revocation?: RevocationSource; format?: SignatureFormat }): void {
  if (!padesLevels.includes(options.level)) throw new SigningError('UNSUPPORTED', `Unknown level ${String(options.level)}`);
  if (options.format !== undefined && !(options.format in SUBFILTER)) throw new SigningError('UNSUPPORTED', `Unknown format ${String(options.format)}`);
  if (options.level !== 'B-B' && !options.tsa) throw new SigningError('TSA_UNAVAILABLE', `Level ${options.level} needs a time-stamping authority`);
  if ((options.level === 'B-LT' || options.level === 'B-LTA') && !options.revocation) {
    throw new SigningError('UNSUPPORTED', `Level ${options.level} needs a revocation source for the DSS`);
  }
}

function docMdpPermission(update: PdfUpdate): number | undefined {
  const perms = update.reader.resolveDict(update.reader.catalog().get('Perms'));
  const sig = update.reader.resolveDict(perms?.get('DocMDP'));
  for (const ref of update.reader.resolveArray(sig?.get('Reference'))) {
    const params = update.reader.resolveDict(update.reader.resolveDict(ref)?.get('TransformParams'));
    const p = asNumber(params?.get('P'));
    if (p !== undefined) return p;
  }
  return perms?.has('DocMDP') ? 2 : undefined;
}

interface FillRequest extends SignPdfOptions {
  /** Create an invisible field with this base name instead of filling `field` (seal without a prepared field). */
  createField?: string;
}

async function appendSignature(doc: IncrementalPdf, o: FillRequest): Promise<void> {
  const format = o.format ?? 'PADES';
  const update = openRevision(doc);
  const reader = update.reader;
  const fields = listFields(reader);
  const alreadySigned = fields.some((f) => f.isSignature && f.value !== undefined && f.value !== null);
  const permission = docMdpPermission(update);
  if (permission === 1) throw new SigningError('PDF_MODIFICATION_FORBIDDEN', 'The document is certified with no changes allowed');
  if (o.certify && alreadySigned) throw new SigningError('PDF_MODIFICATION_FORBIDDEN', 'Only the first signature can certify the document');
  const sigRef = update.allocate();
  let fieldRef: PdfRef;
  let widgetRef: PdfRef;
  if (o.createField !== undefined) {
    fieldRef = addSignatureField(update, {
      name: uniqueFieldName(o.createField, new Set(fields.map((f) => f.name))),
      pageRef: reader.pageRefs()[0]!,
      rect: [0, 0, 0, 0],
    });
    widgetRef = fieldRef;
  } else {
    const field = findSignatureField(reader, o.field);
    fieldRef = field.ref;
    widgetRef = field.widgetRef;
    ensureSigFlags(update);
  }
  // A form that asks viewers to draw its fields would hide this signature in poppler: settle it in the first
  // signature's revision when preparePdf did not (on a signed file it is left alone).
  if (!alreadySigned) settleNeedAppearances(update);
  update.edit(fieldRef).set('V', sigRef);
  const time = o.signingTime ?? new Date();
  const visible = o.appearance && o.appearance !== 'invisible' ? o.appearance : undefined;
  if (visible) {
    const widget = update.edit(widgetRef);
    const rect = (reader.resolveArray(widget.get('Rect')).filter((v) => typeof v === 'number') as number[]).slice(0, 4);
    const page = pageOfAnnotation(reader, widgetRef, widget);
    const rotate = page ? pageGeometry(reader, reader.getDict(page.ref)).rotate : 0;
    const { width, height } = visibleSize(rect, rotate);
    if (width > 0 && height > 0) {
      const noTransparency = forbidsTransparency(pdfAConformance(reader));
      const built = buildAppearance(update, width, height, visible, { rotate, noTransparency });
      widget.set('AP', new PdfDict([['N', built.ref]]));
    }
  }
  const sig = new PdfDict([
    ['Type', name('Sig')],
    ['Filter', name('Adobe.PPKLite')],
    ['SubFilter', name(SUBFILTER[format])],
    ...placeholderEntries(o.placeholderBytes ?? estimatePlaceholder(o.signer, o.level !== 'B-B')),
    ['M', PdfString.fromText(pdfDate(time))],
  ]);
  const signerName = visible?.signerName ?? commonName(o.signer.certificate);
  if (signerName) sig.set('Name', PdfString.fromText(signerName));
  if (visible?.reason) sig.set('Reason', PdfString.fromText(visible.reason));
  if (visible?.location) sig.set('Location', PdfString.fromText(visible.location));
  if (o.certify) {
    const params = new PdfDict([
      ['Type', name('TransformParams')],
      ['P', o.certify === true ? 2 : o.certify],
      ['V', name('1.2')],
    ]);
    const reference: PdfValue[] = [
      new PdfDict([
        ['Type', name('SigRef')],
        ['TransformMethod', name('DocMDP')],
        ['TransformParams', params],
      ]),
    ];
    sig.set('Reference', reference);
    update.edit(reader.rootRef).set('Perms', new PdfDict([['DocMDP', sigRef]]));
  }
  update.set(sigRef, sig);
  await appendSignedRevision(doc, update, sigRef, (contentDigest) =>
    buildSignatureCms({
      format,
      contentDigest,
      signer: o.signer,
      signingTime: time,
      tsa: o.level === 'B-B' ? undefined : o.tsa,
    }),
  );
}

async function extendToLevel(doc: IncrementalPdf, o: FillRequest): Promise<void> {
  if (o.level !== 'B-LT' && o.level !== 'B-LTA') return;
  // Validation data for the new signature and for every earlier one, so the final DSS covers them all.
  const inDocument = signatureCertificates(doc.reader);
  const material = await gatherValidationData([o.signer.certificate, ...o.signer.chain, ...inDocument], o.revocation!);
  appendDssRevision(doc, material);
  if (o.level === 'B-LTA') await appendDocumentTimestamp(doc, o.tsa!);
}

async function signInternal(pdf: Uint8Array, o: FillRequest, what: string): Promise<IncrementalPdf> {
  return guarded(what, async () => {
    validateOptions(o);
    const doc = new IncrementalPdf(pdf, o.limits);
    await appendSignature(doc, o);
    await extendToLevel(doc, o);
    return doc;
  });
}

/**
 * Fills one signature field as an incremental update (the input is a byte-for-byte prefix of the output),
 * then adds the DSS (B-LT) and a document time-stamp (B-LTA) as further revisions.
 */
export async function signPdf(pdf: Uint8Array, options: SignPdfOptions): Promise<Uint8Array> {
  return (await signInternal(pdf, options, 'Signing')).bytes();
}

/** The signed file as chunks: see signPdfParts. */
export interface SignedPdfParts {
  /** In order: `pdf` itself (the same object, not a copy), then each appended revision. */
  parts: Uint8Array[];
  byteLength: number;
}

/**
 * signPdf without the final copy: the signed file as the input followed by the revisions, for a caller that writes
 * it out (a file with writev, an HTTP response, a multipart upload) rather than keeping it as one buffer. The input
 * must not change while the parts are in use.
 */
export async function signPdfParts(pdf: Uint8Array, options: SignPdfOptions): Promise<SignedPdfParts> {
  const doc = await signInternal(pdf, options, 'Signing');
  return { parts: doc.parts(), byteLength: doc.length };
}

export interface SealPdfOptions extends Omit<SignPdfOptions, 'field' | 'signer' | 'format'> {
  identity: SignerIdentity;
  format: SignatureFormat;
  /** The stamp field to fill; default the prepared stamp field ('cachet'), else a new invisible field. */
  field?: string;
}

export const STAMP_FIELD_NAME = 'cachet';

/** Applies the company seal: the stamp field when the document has one, else a new invisible field. */
export async function sealPdf(pdf: Uint8Array, options: SealPdfOptions): Promise<Uint8Array> {
  return guarded('Sealing', async () => {
    const probe = PdfReader.open(pdf, options.limits);
    const wanted = options.field ?? STAMP_FIELD_NAME;
    const stampField = listFields(probe).find((f) => f.isSignature && f.name === wanted && (f.value === undefined || f.value === null));
    if (options.field && !stampField) findSignatureField(probe, options.field); // throws the precise error
    const request: FillRequest = {
      ...options,
      signer: options.identity,
      field: stampField?.name ?? wanted,
      createField: stampField ? undefined : STAMP_FIELD_NAME,
    };
    return (await signInternal(pdf, request, 'Sealing')).bytes();
  });
}
