import { logoRules, logoRuleText } from '@paraphe/contracts';
import { AppError } from '../../platform/errors.ts';

export type LogoType = (typeof logoRules.types)[number];
export interface LogoHeader {
  type: LogoType;
  width: number;
  height: number;
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** JPEG start-of-frame markers (baseline, progressive, lossless…): they carry the dimensions. */
const jpegFrameMarkers = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Type and dimensions read from the file's own header (never from the client), without decoding a pixel. */
export function readImageHeader(data: Uint8Array): LogoHeader | undefined {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(pngSignature) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { type: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return undefined;
      const marker = bytes[offset + 1]!;
      if (marker === 0xff) {
        offset += 1; // fill byte
        continue;
      }
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        offset += 2;
        continue;
      }
      const length = bytes.readUInt16BE(offset + 2);
      if (jpegFrameMarkers.has(marker)) return { type: 'image/jpeg', height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
      if (marker === 0xda || length < 2) return undefined; // image data before any frame header: not a usable JPEG
      offset += 2 + length;
    }
  }
  return undefined;
}

/** A 400 on the field `logo` that states the rule. */
export const logoRefused = (message: string) =>
  new AppError('VALIDATION_FAILED', `logo: ${message} ${logoRuleText}`, {
    fields: [{ field: 'logo', rule: 'invalid_value', message: `${message} ${logoRuleText}` }],
  });

/**
 * Spec §5/§9 logo rule, one for the whole product (docs/settings.md): PNG or JPEG, at least 200×200 px, at most
 * 150 KB. SVG is refused (it may carry scripts and neither mail clients nor the evidence PDF draw it reliably). A
 * header announcing more than 4000 px a side is refused before anything decodes it (a decompression bomb).
 */
export function checkLogo(data: Uint8Array): LogoHeader {
  if (data.byteLength > logoRules.maxBytes) throw logoRefused(`The file is ${Math.ceil(data.byteLength / 1024)} KB.`);
  const header = readImageHeader(data);
  if (!header) {
    const head = Buffer.from(data.subarray(0, 512)).toString('utf8').toLowerCase();
    throw logoRefused(head.includes('<svg') ? 'SVG images are not accepted.' : 'The file is not a PNG or JPEG image.');
  }
  const { width, height } = header;
  if (width > logoRules.maxPixels || height > logoRules.maxPixels) throw logoRefused(`The image declares ${width}×${height} px.`);
  if (width < logoRules.minPixels || height < logoRules.minPixels) throw logoRefused(`The image is ${width}×${height} px.`);
  return header;
}
