import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (`oidc-provider`, the certified implementation) on a random local port, for the
 * single sign-on tests (docs/sso.md). Its login and consent pages answer at once for `nextAccount`. A test may ask
 * the next token response to carry a forged ID token — signed with the provider's own key, so only the claim it
 * changes is wrong: another client's audience, or an expired token.
 */
export interface OidcAccount {
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
}

export interface OidcStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Record<string, OidcAccount>;
  nextAccount: string;
  /** The next token response's ID token: as issued, or altered. */
  forge: 'none' | 'wrong-audience' | 'expired';
  /** Token requests received. */
  tokenCalls: number;
  /** Follows the provider's pages from an authorization URL to the redirect back to the product (its URL). */
  authorize(authorizationUrl: string): Promise<string>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startOidcStandIn(opts: { redirectUri: string; accounts: Record<string, OidcAccount> }): Promise<OidcStandIn> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'standin-1', alg: 'RS256', use: 'sig' };
  const standIn = {
    issuer: '',
    clientId: 'paraphe-client',
    clientSecret: 'standin-secret-0123456789',
    accounts: opts.accounts,
    nextAccount: Object.keys(opts.accounts)[0]!,
    forge: 'none',
    tokenCalls: 0,
  } as OidcStandIn;

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(standIn.issuer, {
    clients: [
      {
        client_id: standIn.clientId,
        client_secret: standIn.clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => ({ sub: id, ...standIn.accounts[id] }) }),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['standin-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
  });
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: standIn.nextAccount } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
    grant.addOIDCScope('openid email profile');
    await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  }

  /** The provider's token answer, its ID token altered and signed again with the provider's key. */
  async function forgedToken(req: IncomingMessage, res: ServerResponse) {
    const forge = standIn.forge;
    standIn.forge = 'none';
    const answer = await fetch(`${standIn.issuer}/token`, {
      method: 'POST',
      headers: { ...(req.headers as Record<string, string>), 'x-standin-pass': '1' },
      body: new Uint8Array(await readBody(req)),
    });
    const json = (await answer.json()) as { id_token?: string };
    if (json.id_token) {
      const claims: JWTPayload = decodeJwt(json.id_token);
      const now = Math.floor(Date.now() / 1000);
      if (forge === 'wrong-audience') claims.aud = 'another-client';
      else Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
      json.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(privateKey);
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (path === '/token' && !req.headers['x-standin-pass']) standIn.tokenCalls++;
    const handled = path.startsWith('/interaction/')
      ? interaction(req, res)
      : path === '/token' && standIn.forge !== 'none' && !req.headers['x-standin-pass']
        ? forgedToken(req, res)
        : Promise.resolve(callback(req, res));
    handled.catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });

  standIn.authorize = async (authorizationUrl: string) => {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop++) {
      if (!url.startsWith(standIn.issuer)) return url;
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const answer = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      for (const set of answer.headers.getSetCookie()) {
        const [pair] = set.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      const location = answer.headers.get('location');
      if (!location) throw new Error(`the provider stopped at ${url}: ${answer.status} ${await answer.text()}`);
      url = new URL(location, url).toString();
    }
    throw new Error('too many hops at the provider');
  };
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
