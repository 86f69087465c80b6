import { createHash } from 'node:crypto';
import { describeCertificate, verifyCertificateChain, verifyCmsSignature, verifyTimestampToken } from '../crypto/index.ts';
import type { ChainVerification, CmsVerification, Der, RevocationData, RevocationSource, TimestampVerification } from '../crypto/types.ts';
import { SigningError } from '../errors.ts';
import { listFields } from '../pdf/fields.ts';
import type { PdfLimits } from '../pdf/limits.ts';
import { PdfStream, PdfString, parsePdfDate, asNumber, type PdfDict, type PdfRef } from '../pdf/objects.ts';
import { pageGeometry, pageOfAnnotation, userRectToVisible } from '../pdf/geometry.ts';
import { PdfReader } from '../pdf/reader.ts';
import { guarded } from '../pdf/guard.ts';
import type { PadesLevel } from '../pdf/sign.ts';
import { derLength } from '../pdf/cms-certificates.ts';
import { pageModifications } from './modifications.ts';

export type Indication = 'TOTAL_PASSED' | 'TOTAL_FAILED' | 'INDETERMINATE';

/**
 * Where a certificate's chain stands against the trusted roots (the signer's, or a time-stamp authority's):
 * - `trusted`: it reaches a trusted root and every link is sound at the validation time;
 * - `no-trusted-root`: it reaches no trusted root — a self-signed certificate, or an issuer nobody trusted. The names in
 *   such a certificate are only what its maker typed: nobody we trust confirms them (EU DSS: NO_CERTIFICATE_CHAIN_FOUND);
 * - `failed`: it reaches a trusted root but a link is expired, not yet valid, not a CA or revoked;
 * - `absent`: there is no certificate to check (none in the CMS or the token, or the signature could not be read).
 */
export type ChainStatus = 'trusted' | 'no-trusted-root' | 'failed' | 'absent';

/**
 * Why a signature is not TOTAL_PASSED, in the words of ETSI EN 319 102-1 (§5.1.3) as the EU DSS reports them.
 * Integrity problems are TOTAL_FAILED (FORMAT_FAILURE, HASH_FAILURE, REVOKED); identity and time problems are
 * INDETERMINATE (NO_SIGNING_CERTIFICATE_FOUND, NO_CERTIFICATE_CHAIN_FOUND, CERTIFICATE_CHAIN_GENERAL_FAILURE,
 * TRY_LATER: no revocation data, NO_POE: the signature's time-stamp is not from a trusted authority). Pages changed
 * after signing make a TOTAL_FAILED without sub-indication (ETSI has none for it).
 */
export type SubIndication =
  | 'FORMAT_FAILURE'
  | 'HASH_FAILURE'
  | 'REVOKED'
  | 'NO_SIGNING_CERTIFICATE_FOUND'
  | 'NO_CERTIFICATE_CHAIN_FOUND'
  | 'CERTIFICATE_CHAIN_GENERAL_FAILURE'
  | 'TRY_LATER'
  | 'NO_POE';

export interface VerifyPdfOptions {
  trustedRoots: Der[];
  /** Validation time for certificates; default the best proven signing time (time-stamp), else now. */
  at?: Date;
  /** Extra revocation data (e.g. the CA's own source); the document's DSS is always used. */
  revocation?: RevocationSource;
  limits?: Partial<PdfLimits>;
}

export interface SignatureReport {
  fieldName: string;
  /** Where the signature's widget is, in visible-page coordinates (as PreparedField.box); absent when invisible. */
  position?: { page: number; x: number; y: number; width: number; height: number };
  type: 'signature' | 'document-timestamp';
  subFilter?: string;
  signerName?: string;
  signerSubject?: string;
  /** The signer's certificate (DER) as the CMS carries it (a caller may recognise it, e.g. by fingerprint). */
  signerCertificate?: Der;
  /** /M of the signature dictionary (claimed, not proven). */
  claimedTime?: Date;
  /** genTime of the signature time-stamp, or of the document time-stamp token. */
  timestampTime?: Date;
  byteRange: number[];
  /** PAdES baseline level reached (null for non-PAdES subfilters or broken signatures). */
  level: PadesLevel | null;
  /** Digest of the byte ranges matches and the CMS / token signature verifies. */
  integrity: boolean;
  /** The last byte range ends at the end of the file. */
  coversWholeDocument: boolean;
  certificateTrusted: boolean;
  /** The signer certificate's chain (for a document time-stamp: its TSA's). Only `trusted` confirms the names in it. */
  chain: ChainStatus;
  /**
   * The trusted root that chain reaches (`trusted` or `failed`): a caller with several anchors (its own CA, an
   * operator's) tells which one vouches for the names.
   */
  trustAnchor?: Der;
  revocation: 'good' | 'revoked' | 'unknown';
  /** Signature time-stamp (or the document time-stamp itself) valid and from a trusted TSA; undefined when absent. */
  timestampValid?: boolean;
  /** The time-stamp token itself verifies (imprint, signature, ESS certificate), whoever its TSA is; undefined when absent. */
  timestampIntegrity?: boolean;
  /** The time-stamp authority's chain: a valid token from an untrusted TSA proves no time (`no-trusted-root`). */
  timestampChain?: ChainStatus;
  /** Whether a later revision changed page content (contents, resources, non-signature annotations). */
  modifiedAfterSigning: boolean;
  modifications: string[];
  /** This signature certifies the document (DocMDP), with its permission level. */
  certification?: { permission: number };
  indication: Indication;
  /** Why the indication is not TOTAL_PASSED (absent when it is, and for pages changed after signing). */
  subIndication?: SubIndication;
  errors: string[];
}

export interface PdfVerificationReport {
  indication: Indication;
  signatures: SignatureReport[];
  /** Number of revisions (%%EOF-terminated updates) in the file. */
  revisions: number;
  dss?: { certificates: number; crls: number; ocsps: number };
  errors: string[];
}

interface Dss {
  certificates: Der[];
  crls: Der[];
  ocsps: Der[];
}

const sha256 = (d: Uint8Array) => createHash('sha256').update(d).digest();
const hex = (d: Uint8Array) => Buffer.from(d).toString('hex');

function readDss(reader: PdfReader): Dss {
  const dss = reader.resolveDict(reader.catalog().get('DSS'));
  const list = (key: string): Der[] =>
    reader
      .resolveArray(dss?.get(key))
      .map((r) => reader.resolve(r))
      .filter((s): s is PdfStream => s instanceof PdfStream)
      .map((s) => (s.dict.has('Filter') ? decodeDssStream(reader, s) : s.data))
      .filter((d): d is Uint8Array => d !== undefined);
  return { certificates: list('Certs'), crls: list('CRLs'), ocsps: list('OCSPs') };
}

function decodeDssStream(reader: PdfReader, s: PdfStream): Uint8Array | undefined {
  try {
    return new Uint8Array(reader.decode(s));
  } catch {
    return undefined;
  }
}

function rangesDigest(file: Uint8Array, br: number[], algorithm: string): Uint8Array {
  const h = createHash(algorithm);
  h.update(file.subarray(br[0]!, br[0]! + br[1]!));
  h.update(file.subarray(br[2]!, br[2]! + br[3]!));
  return h.digest();
}

/** The byte range must start at 0, stay in the file, and leave out exactly this dictionary's /Contents string. */
function validByteRange(file: Uint8Array, br: number[], contents: Uint8Array): string | undefined {
  if (br.length !== 4 || br.some((n) => !Number.isInteger(n) || n < 0)) return 'malformed /ByteRange';
  const [a, b, c, d] = br as [number, number, number, number];
  if (a !== 0) return '/ByteRange does not start at the beginning of the file';
  if (b >= c || c + d > file.length) return '/ByteRange outside the file';
  const gap = Buffer.from(file.buffer, file.byteOffset + b, c - b);
  const hexDigits = gap.toString('latin1', 1, gap.length - 1).replace(/\s/g, '');
  if (gap[0] !== 0x3c || gap[gap.length - 1] !== 0x3e || !Buffer.from(hexDigits, 'hex').equals(contents)) {
    return 'the /ByteRange gap is not exactly the /Contents string of the signature';
  }
  return undefined;
}

/** Counts %%EOF markers: one per revision. */
function countRevisions(file: Uint8Array): number {
  const b = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  let n = 0;
  for (let i = b.indexOf('%%EOF'); i >= 0; i = b.indexOf('%%EOF', i + 5)) n++;
  return n;
}

class Context {
  readonly file: Uint8Array;
  readonly final: PdfReader;
  readonly options: VerifyPdfOptions;
  private readonly readers = new Map<number, PdfReader>();
  constructor(file: Uint8Array, final: PdfReader, options: VerifyPdfOptions) {
    this.file = file;
    this.final = final;
    this.options = options;
  }
  /** The document as it was when the revision ending at `end` was written. */
  stateAt(end: number): PdfReader {
    if (end >= this.file.length) return this.final;
    let r = this.readers.get(end);
    if (!r) {
      r = PdfReader.open(this.file.subarray(0, end), this.options.limits);
      this.readers.set(end, r);
    }
    return r;
  }
  async revocationData(path: Der[], dss: Dss): Promise<RevocationData> {
    const data: RevocationData = { crls: [...dss.crls], ocsps: [...dss.ocsps] };
    if (this.options.revocation) {
      for (let i = 0; i + 1 < path.length; i++) {
        const extra = await this.options.revocation.revocationFor(path[i]!, path[i + 1]!);
        data.crls.push(...extra.crls);
        data.ocsps.push(...extra.ocsps);
      }
    }
    return data;
  }
  /** Chain check, then again with revocation data for the path that was found. */
  async chain(
    certificate: Der,
    candidates: Der[],
    at: Date,
    dss: Dss,
  ): Promise<{ chain: ChainVerification; status: ChainStatus; revocation: SignatureReport['revocation'] }> {
    const roots = this.options.trustedRoots;
    const first = verifyCertificateChain({ certificate, candidates, trustedRoots: roots, at });
    const revocation = await this.revocationData(first.path, dss);
    const chain = verifyCertificateChain({ certificate, candidates, trustedRoots: roots, at, revocation });
    const revoked = chain.revoked ? 'revoked' : chain.errors.some((e) => e.startsWith('no revocation data')) ? 'unknown' : 'good';
    return { chain, status: chainStatusOf(chain), revocation: revoked };
  }
}

interface RawSignature {
  fieldName: string;
  position?: SignatureReport['position'];
  /** Set by verifyOne for CMS signatures, reused to decide the level. */
  cms?: CmsVerification;
  dict: PdfDict;
  byteRange: number[];
  contents: Uint8Array;
  end: number;
}

function collectSignatures(reader: PdfReader): RawSignature[] {
  const out: RawSignature[] = [];
  for (const field of listFields(reader)) {
    if (!field.isSignature) continue;
    const dict = reader.resolveDict(field.value ?? undefined);
    if (!dict) continue;
    const byteRange = reader.resolveArray(dict.get('ByteRange')).map((v) => asNumber(reader.resolve(v)) ?? -1);
    const contents = reader.resolve(dict.get('Contents'));
    const bytes = contents instanceof PdfString ? contents.bytes : new Uint8Array();
    out.push({
      fieldName: field.name,
      position: widgetPosition(reader, field.widgetRef, field.widget),
      dict,
      byteRange,
      contents: bytes,
      end: (byteRange[2] ?? 0) + (byteRange[3] ?? 0),
    });
  }
  return out.sort((a, b) => a.end - b.end);
}

function widgetPosition(reader: PdfReader, ref: PdfRef, widget: PdfDict): SignatureReport['position'] {
  try {
    const rect = reader.resolveArray(widget.get('Rect')).map((v) => asNumber(reader.resolve(v)) ?? 0);
    if (rect.length !== 4 || rect[2] === rect[0] || rect[3] === rect[1]) return undefined;
    const page = pageOfAnnotation(reader, ref, widget);
    if (!page) return undefined;
    return { page: page.index + 1, ...userRectToVisible(pageGeometry(reader, reader.getDict(page.ref)), rect) };
  } catch (error) {
    if (error instanceof SigningError && error.code === 'PDF_TOO_COMPLEX') throw error;
    return undefined;
  }
}

function trimDer(bytes: Uint8Array): Uint8Array {
  const n = derLength(bytes);
  return n && n <= bytes.length ? bytes.subarray(0, n) : bytes;
}

/**
 * Verifies every signature and document time-stamp of a PDF: integrity, coverage, certificate chain against
 * the given roots, revocation (DSS + optional source), time-stamps, PAdES level and changes made after signing.
 */
export async function verifyPdf(pdf: Uint8Array, options: VerifyPdfOptions): Promise<PdfVerificationReport> {
  return guarded('Verification', async () => {
    const final = PdfReader.open(pdf, options.limits);
    const ctx = new Context(pdf, final, options);
    const raws = collectSignatures(final);
    const finalDss = readDss(final);
    const reports: SignatureReport[] = [];
    for (const raw of raws) reports.push(await verifyOne(ctx, raw, raws, finalDss));
    assignLevels(ctx, raws, reports);
    for (const r of reports) {
      const { indication, subIndication } = indicationOf(r);
      r.indication = indication;
      if (subIndication) r.subIndication = subIndication;
    }
    const errors: string[] = raws.length === 0 ? ['the document has no signature'] : [];
    const indication: Indication =
      raws.length === 0
        ? 'INDETERMINATE'
        : reports.some((r) => r.indication === 'TOTAL_FAILED')
          ? 'TOTAL_FAILED'
          : reports.some((r) => r.indication === 'INDETERMINATE')
            ? 'INDETERMINATE'
            : 'TOTAL_PASSED';
    const hasDss = final.catalog().has('DSS');
    return {
      indication,
      signatures: reports,
      revisions: countRevisions(pdf),
      ...(hasDss ? { dss: { certificates: finalDss.certificates.length, crls: finalDss.crls.length, ocsps: finalDss.ocsps.length } } : {}),
      errors,
    };
  });
}

async function verifyOne(ctx: Context, raw: RawSignature, all: RawSignature[], dss: Dss): Promise<SignatureReport> {
  const { dict, byteRange } = raw;
  const subFilter = ctx.final.nameValue(dict.get('SubFilter'));
  const isDocTimestamp = ctx.final.nameValue(dict.get('Type')) === 'DocTimeStamp' || subFilter === 'ETSI.RFC3161';
  const m = dict.get('M');
  const report: SignatureReport = {
    fieldName: raw.fieldName,
    ...(raw.position ? { position: raw.position } : {}),
    type: isDocTimestamp ? 'document-timestamp' : 'signature',
    subFilter,
    claimedTime: m instanceof PdfString ? parsePdfDate(m.toText()) : undefined,
    byteRange,
    level: null,
    integrity: false,
    coversWholeDocument: raw.end === ctx.file.length,
    certificateTrusted: false,
    chain: 'absent',
    revocation: 'unknown',
    modifiedAfterSigning: false,
    modifications: [],
    indication: 'INDETERMINATE',
    errors: [],
  };
  const rangeProblem = validByteRange(ctx.file, byteRange, raw.contents);
  if (rangeProblem) {
    report.errors.push(rangeProblem);
    return report;
  }
  const der = trimDer(raw.contents);
  if (isDocTimestamp) {
    const ts = safely(report, () => verifyTimestampToken(der, { digest: rangesDigest(ctx.file, byteRange, 'sha256') }));
    if (ts) await checkTimestamp(ctx, report, ts, ts.genTime ?? new Date(), dss, true);
  } else {
    const cms = safely(report, () => verifyCmsSignature(der, (hash) => rangesDigest(ctx.file, byteRange, hash)));
    raw.cms = cms;
    if (cms) {
      report.integrity = cms.integrity;
      report.errors.push(...cms.errors);
      report.signerSubject = cms.signerSubject;
      if (cms.signerCertificate) report.signerCertificate = cms.signerCertificate;
      if (cms.signerCertificate) report.signerName = safely(report, () => describeCertificate(cms.signerCertificate!).commonName);
      const name = dict.get('Name');
      if (!report.signerName && name instanceof PdfString) report.signerName = name.toText();
      let at = ctx.options.at;
      if (cms.signatureTimestamp) {
        report.timestampTime = cms.signatureTimestamp.genTime;
        await checkTimestamp(ctx, report, cms.signatureTimestamp, cms.signatureTimestamp.genTime ?? new Date(), dss, false);
      }
      at ??= report.timestampValid ? report.timestampTime : laterTimestampTime(ctx, raw, all);
      at ??= new Date();
      if (cms.signerCertificate) {
        const { chain, status, revocation } = await ctx.chain(cms.signerCertificate, [...cms.certificates, ...dss.certificates], at, dss);
        report.certificateTrusted = chain.trusted;
        report.chain = status;
        if (chain.anchored) report.trustAnchor = chain.path[chain.path.length - 1]!;
        report.revocation = revocation;
        report.errors.push(...chain.errors.map((e) => `signer certificate: ${e}`));
      } else report.errors.push('the signer certificate is not in the CMS');
    }
    const certification = certificationOf(ctx, dict);
    if (certification) report.certification = certification;
  }
  if (raw.end < ctx.file.length) {
    try {
      report.modifications = pageModifications(ctx.stateAt(raw.end), ctx.final);
    } catch (error) {
      if (error instanceof SigningError && error.code === 'PDF_TOO_COMPLEX') throw error;
      report.modifications = ['the revision covered by this signature cannot be read'];
    }
    if (report.certification?.permission === 1)
      report.modifications.push('the document is certified with no changes allowed (DocMDP P=1) but has later revisions');
    report.modifiedAfterSigning = report.modifications.length > 0;
  }
  return report;
}

function safely<T>(report: SignatureReport, run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    report.errors.push(error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

async function checkTimestamp(ctx: Context, report: SignatureReport, ts: TimestampVerification, at: Date, dss: Dss, isDocument: boolean) {
  report.errors.push(...ts.errors.map((e) => `time-stamp: ${e}`));
  let trusted = false;
  let status: ChainStatus = 'absent';
  if (ts.tsaCertificate) {
    const { chain, status: found, revocation } = await ctx.chain(ts.tsaCertificate, [...ts.certificates, ...dss.certificates], ctx.options.at ?? at, dss);
    trusted = chain.trusted;
    status = found;
    report.errors.push(...chain.errors.map((e) => `time-stamp authority: ${e}`));
    if (isDocument) {
      report.certificateTrusted = chain.trusted;
      report.chain = found;
      if (chain.anchored) report.trustAnchor = chain.path[chain.path.length - 1]!;
      report.revocation = revocation;
    }
  }
  report.timestampValid = ts.valid && trusted;
  report.timestampIntegrity = ts.valid;
  report.timestampChain = status;
  if (isDocument) {
    report.integrity = ts.valid;
    report.timestampTime = ts.genTime;
    report.signerSubject = ts.tsaSubject;
    if (ts.tsaCertificate) report.signerName = safely(report, () => describeCertificate(ts.tsaCertificate!).commonName);
  }
}

function laterTimestampTime(ctx: Context, raw: RawSignature, all: RawSignature[]): Date | undefined {
  for (const other of all) {
    if (other.end <= raw.end || ctx.final.nameValue(other.dict.get('SubFilter')) !== 'ETSI.RFC3161') continue;
    try {
      const ts = verifyTimestampToken(trimDer(other.contents), { digest: rangesDigest(ctx.file, other.byteRange, 'sha256') });
      if (ts.valid && ts.genTime) return ts.genTime;
    } catch {
      continue;
    }
  }
  return undefined;
}

function certificationOf(ctx: Context, dict: PdfDict): { permission: number } | undefined {
  for (const ref of ctx.final.resolveArray(dict.get('Reference'))) {
    const r = ctx.final.resolveDict(ref);
    if (ctx.final.nameValue(r?.get('TransformMethod')) !== 'DocMDP') continue;
    const p = asNumber(ctx.final.resolveDict(r?.get('TransformParams'))?.get('P'));
    return { permission: p ?? 2 };
  }
  return undefined;
}

/** Certificates (by hash) a DSS holds, and whether it has revocation data for the certificate paths. */
function dssCovers(dss: Dss, certificates: Der[], roots: Der[], at: Date): boolean {
  const held = new Set(dss.certificates.map((c) => hex(sha256(c))));
  if (!certificates.every((c) => held.has(hex(sha256(c))))) return false;
  const [leaf] = certificates;
  if (!leaf) return false;
  const chain = verifyCertificateChain({ certificate: leaf, candidates: dss.certificates, trustedRoots: roots, at, revocation: dss });
  return !chain.revoked && !chain.errors.some((e) => e.startsWith('no revocation data'));
}

/** PAdES baseline levels (ETSI EN 319 142-1), as far as they can be decided from the document. */
function assignLevels(ctx: Context, raws: RawSignature[], reports: SignatureReport[]): void {
  raws.forEach((raw, i) => {
    const report = reports[i]!;
    if (report.type !== 'signature' || report.subFilter !== 'ETSI.CAdES.detached' || !report.integrity) return;
    const cms = raw.cms;
    if (!cms?.hasSigningCertificateV2 || cms.signingTimeAttribute) return;
    report.level = 'B-B';
    const laterTimestamps = raws
      .map((r, j) => ({ r, report: reports[j]! }))
      .filter((x) => x.r.end > raw.end && x.report.type === 'document-timestamp' && x.report.integrity && x.report.timestampValid);
    if (!report.timestampValid && laterTimestamps.length === 0) return;
    report.level = 'B-T';
    const at = report.timestampTime ?? new Date();
    const signerPath = pathOf(cms.signerCertificate, cms.certificates, ctx, at);
    const tsaPaths = cms.signatureTimestamp?.tsaCertificate
      ? [pathOf(cms.signatureTimestamp.tsaCertificate, cms.signatureTimestamp.certificates, ctx, at)]
      : [];
    const covered = (dss: Dss) =>
      dssCovers(dss, signerPath, ctx.options.trustedRoots, at) && tsaPaths.every((p) => dssCovers(dss, p, ctx.options.trustedRoots, at));
    if (!covered(readDss(ctx.final))) return;
    report.level = 'B-LT';
    // B-LTA: a document time-stamp whose covered state already held the complete DSS.
    if (laterTimestamps.some((t) => covered(readDss(ctx.stateAt(t.r.end))))) report.level = 'B-LTA';
  });
}

function pathOf(certificate: Der | undefined, candidates: Der[], ctx: Context, at: Date): Der[] {
  if (!certificate) return [];
  const all = [...candidates, ...readDss(ctx.final).certificates];
  return verifyCertificateChain({ certificate, candidates: all, trustedRoots: ctx.options.trustedRoots, at }).path;
}

function chainStatusOf(chain: ChainVerification): ChainStatus {
  return chain.trusted ? 'trusted' : chain.anchored ? 'failed' : 'no-trusted-root';
}

/**
 * The indication and its sub-indication. Integrity first: an altered document is TOTAL_FAILED whoever signed it.
 * Then identity: a chain to no trusted root is INDETERMINATE / NO_CERTIFICATE_CHAIN_FOUND even when the signature
 * itself is perfect — a self-made certificate may name any organisation. Then revocation and time.
 */
function indicationOf(r: SignatureReport): { indication: Indication; subIndication?: SubIndication } {
  const failed = (subIndication?: SubIndication) => ({ indication: 'TOTAL_FAILED' as const, ...(subIndication ? { subIndication } : {}) });
  const indeterminate = (subIndication: SubIndication) => ({ indication: 'INDETERMINATE' as const, subIndication });
  if (r.errors.some((e) => e.includes('/ByteRange'))) return failed('FORMAT_FAILURE');
  if (!r.integrity) return failed('HASH_FAILURE');
  if (r.revocation === 'revoked') return failed('REVOKED');
  if (r.modifiedAfterSigning) return failed();
  if (r.timestampValid === false && r.type === 'signature' && r.errors.some((e) => e.includes('message imprint'))) return failed('HASH_FAILURE');
  if (!r.certificateTrusted) {
    if (r.chain === 'no-trusted-root') return indeterminate('NO_CERTIFICATE_CHAIN_FOUND');
    if (r.chain === 'absent') return indeterminate('NO_SIGNING_CERTIFICATE_FOUND');
    return indeterminate('CERTIFICATE_CHAIN_GENERAL_FAILURE');
  }
  if (r.type === 'signature' && r.revocation !== 'good') return indeterminate('TRY_LATER');
  if (r.timestampValid === false) return indeterminate('NO_POE');
  return { indication: 'TOTAL_PASSED' };
}
