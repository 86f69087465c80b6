/**
 * Just enough DER reading to pull certificates out of a CMS SignedData and of the signature time-stamp
 * token in its unsigned attributes — what the DSS must carry for B-LT. Full verification lives in crypto/.
 */
interface Tlv {
  tag: number;
  start: number;
  contentStart: number;
  end: number;
}

function readTlv(b: Uint8Array, pos: number, limit: number): Tlv {
  if (pos + 2 > limit) throw new Error('DER truncated');
  const tag = b[pos]!;
  let len = b[pos + 1]!;
  let p = pos + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4 || p + n > limit) throw new Error('Unsupported DER length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + b[p++]!;
  }
  if (p + len > limit) throw new Error('DER truncated');
  return { tag, start: pos, contentStart: p, end: p + len };
}

function kids(b: Uint8Array, t: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let p = t.contentStart; p < t.end;) {
    const k = readTlv(b, p, t.end);
    out.push(k);
    p = k.end;
  }
  return out;
}

const SIGNATURE_TIMESTAMP_OID = Buffer.from('060b2a864886f70d010910020e', 'hex');

function signedDataOf(b: Uint8Array, contentInfo: Tlv): Tlv {
  const [, explicit] = kids(b, contentInfo);
  if (!explicit || explicit.tag !== 0xa0) throw new Error('Not a SignedData ContentInfo');
  return kids(b, explicit)[0]!;
}

export interface CmsCertificates {
  certificates: Uint8Array[];
  /** The first SignerInfo's signature value (what a signature time-stamp covers). */
  signatureValue?: Uint8Array;
  /** Certificates of the signature time-stamp token(s), when present. */
  timestampCertificates: Uint8Array[];
  /** The signature time-stamp tokens (DER ContentInfo). */
  timestampTokens: Uint8Array[];
}

export function extractCmsCertificates(cms: Uint8Array): CmsCertificates {
  const root = readTlv(cms, 0, cms.length);
  const sd = signedDataOf(cms, root);
  const parts = kids(cms, sd);
  const certificates = parts.filter((p) => p.tag === 0xa0).flatMap((p) => kids(cms, p).map((c) => cms.subarray(c.start, c.end)));
  const timestampTokens: Uint8Array[] = [];
  const signerInfos = parts[parts.length - 1];
  let signatureValue: Uint8Array | undefined;
  for (const si of signerInfos ? kids(cms, signerInfos) : []) {
    const value = kids(cms, si).find((k) => k.tag === 0x04);
    if (value && !signatureValue) signatureValue = cms.subarray(value.contentStart, value.end);
    for (const attrs of kids(cms, si).filter((k) => k.tag === 0xa1)) {
      for (const attr of kids(cms, attrs)) {
        const [oid, values] = kids(cms, attr);
        if (!oid || !values || !Buffer.from(cms.subarray(oid.start, oid.end)).equals(SIGNATURE_TIMESTAMP_OID)) continue;
        for (const token of kids(cms, values)) timestampTokens.push(cms.subarray(token.start, token.end));
      }
    }
  }
  const timestampCertificates = timestampTokens.flatMap((t) => extractCmsCertificates(t).certificates);
  return { certificates, signatureValue, timestampCertificates, timestampTokens };
}

/** Length of the DER element at the start of `bytes` (the /Contents string is zero-padded after it). */
export function derLength(bytes: Uint8Array): number | undefined {
  try {
    return readTlv(bytes, 0, bytes.length).end;
  } catch {
    return undefined;
  }
}
