import { randomBytes } from 'node:crypto';
import { signSha256Digest, type ExternalSignerIdentity, type SignerIdentity } from '@paraphe/signing';
import type { Config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Remote signing, modelled on the Cloud Signature Consortium API v2 (docs/qualified.md): a credential is a key and
 * its certificate held by the provider; signing = `credentials/authorize` (the signer's one-time code → Signature
 * Activation Data) then `signatures/signHash` (the SHA-256 digest of the CMS signed attributes → the signature
 * value). Two implementations: `local` (the platform CA's certificates, keys sealed in our database) and `csc` (a
 * QTSP's CSC v2 endpoint, OAuth2 client credentials).
 */
export interface CredentialInfo {
  credentialId: string;
  /** DER: the end-entity certificate, then its chain (issuer first). */
  certificate: Uint8Array;
  chain: Uint8Array[];
}

export interface RemoteSigningProvider {
  readonly kind: 'local' | 'csc';
  /** credentials/list: the credentials of a user (`userID`: the holder's e-mail address). */
  listCredentials(userId: string): Promise<string[]>;
  /** credentials/info: the certificate chain of a credential. */
  credentialInfo(credentialId: string): Promise<CredentialInfo>;
  /** credentials/authorize: the one-time code checked → a SAD good for `numSignatures` hashes. */
  authorize(credentialId: string, request: { numSignatures: number; otp: string }): Promise<string>;
  /** signatures/signHash: the signature values of SHA-256 digests, in order. */
  signHash(credentialId: string, sad: string, hashes: Uint8Array[]): Promise<Uint8Array[]>;
}

/** The engine's external signer over a provider's credential, authorized once for `numSignatures` fields. */
export async function remoteSigner(
  provider: RemoteSigningProvider,
  info: CredentialInfo,
  request: { numSignatures: number; otp: string },
): Promise<ExternalSignerIdentity> {
  const sad = await provider.authorize(info.credentialId, request);
  return {
    certificate: info.certificate,
    chain: info.chain,
    signDigest: async (digest) => (await provider.signHash(info.credentialId, sad, [digest]))[0]!,
  };
}

// ------------------------------------------------------------------ local: keys sealed in our database

export const SHA256_OID = '2.16.840.1.101.3.4.2.1';
export const signAlgoOids = { rsa: '1.2.840.113549.1.1.11', ec: '1.2.840.10045.4.3.2' } as const;
const SAD_TTL_MS = 5 * 60 * 1000;

/** What the local provider needs of a certificate row: read by the caller in its own transaction. */
export interface LocalCredential extends CredentialInfo {
  /** Opens the sealed key (one scrypt): called only inside signHash, the key is dropped right after. */
  openKey(): Promise<SignerIdentity>;
}

/**
 * The built-in provider. A SAD is a random token kept in this process for 5 minutes, bound to one credential and a
 * number of signatures: the signing call authorizes and signs in the same request, after the signer's code.
 */
export function localProvider(
  lookup: (credentialId: string) => Promise<LocalCredential | undefined>,
  holders: (userId: string) => Promise<string[]> = async () => [],
): RemoteSigningProvider {
  const grants = new Map<string, { credentialId: string; left: number; until: number }>();
  const credential = async (credentialId: string) => {
    const found = await lookup(credentialId);
    if (!found) throw new AppError('CERTIFICATE_NOT_AVAILABLE');
    return found;
  };
  return {
    kind: 'local',
    listCredentials: holders,
    credentialInfo: async (credentialId) => {
      const { openKey: _, ...info } = await credential(credentialId);
      return info;
    },
    authorize: async (credentialId, { numSignatures, otp }) => {
      if (!otp) throw new AppError('CODE_REQUIRED');
      await credential(credentialId);
      const sad = randomBytes(24).toString('base64url');
      grants.set(sad, { credentialId, left: numSignatures, until: Date.now() + SAD_TTL_MS });
      return sad;
    },
    signHash: async (credentialId, sad, hashes) => {
      const grant = grants.get(sad);
      if (!grant || grant.credentialId !== credentialId || grant.until < Date.now() || grant.left < hashes.length)
        throw new AppError('ACTION_NOT_ALLOWED', 'The signature activation data is not valid.');
      grant.left -= hashes.length;
      if (!grant.left) grants.delete(sad);
      const identity = await (await credential(credentialId)).openKey();
      return hashes.map((hash) => signSha256Digest(identity.privateKey, hash));
    },
  };
}

// ------------------------------------------------------------------ csc: a QTSP over the CSC API v2

type Fetch = typeof fetch;

/** A CSC v2 client: OAuth2 client credentials (`oauth2/token`), then the four calls, JSON over HTTPS. */
export function cscProvider(settings: NonNullable<Config['qtsp']>, fetchImpl: Fetch = fetch): RemoteSigningProvider {
  let token: { value: string; until: number } | undefined;
  const accessToken = async () => {
    if (token && token.until > Date.now()) return token.value;
    const response = await fetchImpl(`${settings.cscUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: settings.clientId, client_secret: settings.clientSecret }),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) throw new AppError('CERTIFICATE_CREATION_FAILED', `The QTSP refused the client credentials (${response.status}).`);
    token = { value: body.access_token, until: Date.now() + Math.max(30, (body.expires_in ?? 3600) - 30) * 1000 };
    return token.value;
  };
  const call = async <T>(method: string, body: object): Promise<T> => {
    const response = await fetchImpl(`${settings.cscUrl}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await accessToken()}` },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as T & { error?: string; error_description?: string };
    if (!response.ok) {
      const reason = `${answer.error ?? response.status}${answer.error_description ? `: ${answer.error_description}` : ''}`;
      throw new AppError(
        method === 'signatures/signHash' || method === 'credentials/authorize' ? 'SIGNING_FAILED' : 'CERTIFICATE_CREATION_FAILED',
        `The QTSP answered ${method}: ${reason}.`,
      );
    }
    return answer;
  };
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
  return {
    kind: 'csc',
    listCredentials: async (userId) => (await call<{ credentialIDs?: string[] }>('credentials/list', { userID: userId })).credentialIDs ?? [],
    credentialInfo: async (credentialId) => {
      const info = await call<{ cert?: { certificates?: string[] } }>('credentials/info', {
        credentialID: credentialId,
        certificates: 'chain',
        certInfo: true,
        authInfo: true,
      });
      const [leaf, ...chain] = (info.cert?.certificates ?? []).map((c) => new Uint8Array(Buffer.from(c, 'base64')));
      if (!leaf) throw new AppError('CERTIFICATE_CREATION_FAILED', 'The QTSP gave no certificate for the credential.');
      return { credentialId, certificate: leaf, chain };
    },
    authorize: async (credentialId, { numSignatures, otp }) =>
      (
        await call<{ SAD: string }>('credentials/authorize', {
          credentialID: credentialId,
          numSignatures,
          OTP: otp,
          description: 'Paraphe qualified signature',
        })
      ).SAD,
    signHash: async (credentialId, sad, hashes) => {
      const info = await call<{ key?: { algo?: string[] } }>('credentials/info', { credentialID: credentialId });
      const signAlgo = info.key?.algo?.find((a) => a === signAlgoOids.ec || a === signAlgoOids.rsa) ?? signAlgoOids.rsa;
      const answer = await call<{ signatures?: string[] }>('signatures/signHash', {
        credentialID: credentialId,
        SAD: sad,
        hashes: hashes.map(b64),
        hashAlgorithmOID: SHA256_OID,
        signAlgo,
      });
      if (answer.signatures?.length !== hashes.length) throw new AppError('SIGNING_FAILED', 'The QTSP returned no signature value.');
      return answer.signatures.map((s) => new Uint8Array(Buffer.from(s, 'base64')));
    },
  };
}
