/**
 * RFC 3161 over HTTP with failover. Never falls back to a local clock (pades.md pitfall 14): when no TSA
 * answers, signing fails with TSA_UNAVAILABLE and the job is retried later.
 */
import { randomBytes } from 'node:crypto';
import { SigningError } from '../errors.ts';
import { DerError, fields, parseDer, raw, readIntegerBytes } from './der.ts';
import { buildTimestampRequest } from './tsa.ts';
import type { Der, MessageImprint, TimestampAuthority } from './types.ts';
import { parseTstInfo, verifyTimestampToken } from './verify.ts';
import { parseSignedData } from './cms-parse.ts';
import { bytesEqual } from './x509.ts';

export interface RemoteTsaOptions {
  /** Tried in order; the next one is used when a TSA does not answer or answers badly. */
  urls: string[];
  /** Per-URL timeout (default 10 s). */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** Optional HTTP headers (e.g. Authorization for a commercial TSA). */
  headers?: Record<string, string>;
}

const MAX_RESPONSE_BYTES = 1 << 20;

export function createRemoteTsaClient(options: RemoteTsaOptions): TimestampAuthority {
  if (!options.urls?.length) throw new SigningError('TSA_UNAVAILABLE', 'no TSA URL configured');
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async timestamp(imprint: MessageImprint): Promise<Der> {
      if (imprint.hashAlgorithm !== 'SHA-256' || imprint.digest?.length !== 32) {
        throw new SigningError('TSA_RESPONSE_INVALID', 'only SHA-256 imprints are supported');
      }
      const nonce = randomBytes(8);
      nonce[0]! &= 0x7f;
      if (nonce[0] === 0) nonce[0] = 1; // keep the INTEGER minimal and positive: echoed bytes compare exactly
      const request = buildTimestampRequest(imprint, nonce, true);
      const failures: string[] = [];
      let answered = false;
      for (const url of options.urls) {
        let body: Uint8Array;
        try {
          body = await post(fetchImpl, url, request, timeoutMs, options.headers);
        } catch (error) {
          failures.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
          continue;
        }
        answered = true;
        try {
          return checkResponse(body, imprint, nonce);
        } catch (error) {
          failures.push(`${url}: invalid response (${error instanceof Error ? error.message : String(error)})`);
        }
      }
      throw new SigningError(answered ? 'TSA_RESPONSE_INVALID' : 'TSA_UNAVAILABLE', answered ? 'no TSA returned a valid time-stamp' : 'no TSA answered', {
        failures,
      });
    },
  };
}

async function post(fetchImpl: typeof fetch, url: string, body: Uint8Array, timeoutMs: number, headers?: Record<string, string>): Promise<Uint8Array> {
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
    body: body as Uint8Array<ArrayBuffer>, // built by our DER writer over a plain ArrayBuffer
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_RESPONSE_BYTES) throw new Error('response too large');
  return bytes;
}

/** The response must be granted, cover our imprint, echo our nonce and carry a correctly signed token. */
function checkResponse(body: Uint8Array, imprint: MessageImprint, nonce: Uint8Array): Der {
  const [status, tokenNode] = fields(parseDer(body), 0x30, 'TimeStampResp', 1);
  const [statusValue] = fields(status, 0x30, 'PKIStatusInfo', 1);
  const code = readIntegerBytes(statusValue);
  if (code.length !== 1 || code[0]! > 1) throw new DerError(`status ${code[0]} (rejected)`);
  if (!tokenNode) throw new DerError('granted without a token');
  const token = new Uint8Array(raw(tokenNode));
  const signedData = parseSignedData(token);
  const tstInfo = parseTstInfo(signedData.eContent ?? new Uint8Array(0));
  if (!tstInfo.nonce || !bytesEqual(tstInfo.nonce, nonce)) throw new DerError('nonce not echoed');
  const verification = verifyTimestampToken(token, { digest: imprint.digest });
  if (!verification.valid) throw new DerError(verification.errors.join('; '));
  return token;
}
