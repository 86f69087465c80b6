import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signSha256Digest, type SignerIdentity } from '@paraphe/signing';

/**
 * A local stand-in for a QTSP's Cloud Signature Consortium API v2 (docs/qualified.md): OAuth2 client credentials
 * (`oauth2/token`), `credentials/list`, `credentials/info`, `credentials/authorize` (OTP → SAD) and
 * `signatures/signHash`, with the request and answer fields of the CSC v2 specification. Keys are the test's.
 */
export interface CscStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Gives `userID` a credential (its key and certificate chain). */
  addCredential(userId: string, identity: SignerIdentity): string;
  /** The calls received, by method (e.g. 'signatures/signHash'). */
  calls: string[];
  close(): Promise<void>;
}

const readJson = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
};

export async function startCscStandIn(): Promise<CscStandIn> {
  const clientId = 'paraphe-test';
  const clientSecret = randomBytes(12).toString('hex');
  const tokens = new Set<string>();
  const credentials = new Map<string, { userId: string; identity: SignerIdentity }>();
  const sads = new Map<string, { credentialId: string; left: number }>();
  const calls: string[] = [];
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

  // A handler that throws answers 500 (the test fails on it) rather than leaving an unhandled rejection and a hung request.
  const server: Server = createServer(
    (request, response) =>
      void (async () => {
        const answer = (status: number, body: object) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(body));
        };
        const method = (request.url ?? '').replace(/^\/csc\/v2\//, '');
        calls.push(method);
        const body = await readJson(request);
        if (method === 'oauth2/token') {
          if (body.grant_type !== 'client_credentials' || body.client_id !== clientId || body.client_secret !== clientSecret)
            return answer(401, { error: 'invalid_client' });
          const token = randomBytes(16).toString('hex');
          tokens.add(token);
          return answer(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
        }
        if (!tokens.has((request.headers.authorization ?? '').replace(/^Bearer /, ''))) return answer(401, { error: 'invalid_token' });
        const credential = credentials.get(String(body.credentialID));
        switch (method) {
          case 'credentials/list':
            return answer(200, { credentialIDs: [...credentials].filter(([, c]) => c.userId === body.userID).map(([id]) => id) });
          case 'credentials/info': {
            if (!credential) return answer(400, { error: 'invalid_request', error_description: 'Invalid parameter credentialID' });
            const { identity } = credential;
            const algo = identity.privateKey.asymmetricKeyType === 'ec' ? '1.2.840.10045.4.3.2' : '1.2.840.113549.1.1.11';
            return answer(200, {
              key: { status: 'enabled', algo: [algo], len: identity.privateKey.asymmetricKeyType === 'ec' ? 256 : 2048 },
              cert: { status: 'valid', certificates: [identity.certificate, ...identity.chain].map(b64) },
              authMode: 'explicit',
              SCAL: '1',
              multisign: 10,
            });
          }
          case 'credentials/authorize': {
            if (!credential) return answer(400, { error: 'invalid_request', error_description: 'Invalid parameter credentialID' });
            if (typeof body.OTP !== 'string' || !body.OTP) return answer(400, { error: 'invalid_otp', error_description: 'The OTP is invalid' });
            const sad = randomBytes(16).toString('base64url');
            sads.set(sad, { credentialId: String(body.credentialID), left: Number(body.numSignatures ?? 1) });
            return answer(200, { SAD: sad, expiresIn: 300 });
          }
          case 'signatures/signHash': {
            const grant = sads.get(String(body.SAD));
            const hashes = (body.hashes as string[] | undefined) ?? [];
            if (!credential || !grant || grant.credentialId !== body.credentialID || grant.left < hashes.length)
              return answer(400, { error: 'invalid_request', error_description: 'Invalid SAD' });
            if (body.hashAlgorithmOID !== '2.16.840.1.101.3.4.2.1')
              return answer(400, { error: 'invalid_request', error_description: 'Invalid parameter hashAlgorithmOID' });
            grant.left -= hashes.length;
            return answer(200, { signatures: hashes.map((h) => b64(signSha256Digest(credential.identity.privateKey, Buffer.from(h, 'base64')))) });
          }
          default:
            return answer(404, { error: 'invalid_request', error_description: `unknown method ${method}` });
        }
      })().catch((error: unknown) => (response.headersSent ? response.end() : response.writeHead(500).end(String(error)))),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/csc/v2`,
    clientId,
    clientSecret,
    calls,
    addCredential(userId, identity) {
      const id = `cred-${randomBytes(4).toString('hex')}`;
      credentials.set(id, { userId, identity });
      return id;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
