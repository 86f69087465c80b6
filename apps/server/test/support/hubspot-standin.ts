import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for HubSpot (docs/connectors.md), answering as HubSpot's documentation says: the OAuth consent
 * page (`/oauth/authorize`, which consents at once and redirects back with a code), `POST /oauth/v1/token`
 * (authorization_code and refresh_token grants; `invalid_grant` for an unknown refresh token), `GET
 * /oauth/v1/access-tokens/:token`, `DELETE /oauth/v1/refresh-tokens/:token`, `POST
 * /crm/v3/objects/contacts/search`, `POST /crm/v3/objects/notes`, `POST /files/v3/files` (multipart). Every call
 * is recorded; a test may queue failures (status, body, headers) for a path.
 */
export interface HubSpotStandIn {
  url: string;
  authorizeUrl: string;
  clientId: string;
  clientSecret: string;
  portalId: number;
  /** Calls received: method and path (no query). */
  calls: { method: string; path: string; body: unknown; authorization?: string }[];
  contacts: { id: string; properties: Record<string, string> }[];
  notes: { id: string; properties: Record<string, string>; associations: unknown }[];
  files: { id: string; name: string; size: number; access: string }[];
  /** Lifetime of the access tokens it gives (seconds). */
  accessTokenLifetime: number;
  /** The next answers for `METHOD /path-prefix` are these, in order (then normal again). */
  failNext(route: string, ...answers: { status: number; body?: object; headers?: Record<string, string> }[]): void;
  /** Forgets every refresh token (as when the app is uninstalled): the next refresh gets invalid_grant. */
  revokeAll(): void;
  /** Delays the token endpoint's answers (ms), to let concurrent callers meet. */
  tokenDelayMs: number;
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The parts of a multipart/form-data body (enough for the Files API's form). */
function multipartParts(body: Buffer, contentType: string): Map<string, { filename?: string; data: Buffer }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const parts = new Map<string, { filename?: string; data: Buffer }>();
  if (!boundary) return parts;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const name = /name="([^"]+)"/.exec(headers)?.[1];
    const filename = /filename="([^"]*)"/.exec(headers)?.[1];
    if (name) parts.set(name, { filename, data: part.subarray(headerEnd + 4) });
    start = next;
  }
  return parts;
}

export async function startHubSpotStandIn(): Promise<HubSpotStandIn> {
  const clientId = 'standin-client';
  const clientSecret = randomBytes(12).toString('hex');
  const portalId = 4_242_424;
  const codes = new Map<string, string>(); // code → redirect_uri
  const accessTokens = new Map<string, number>(); // token → expiry (ms)
  const refreshTokens = new Set<string>();
  const failures = new Map<string, { status: number; body?: object; headers?: Record<string, string> }[]>();
  let sequence = 1000;
  const token = () => randomBytes(16).toString('hex');

  const standIn: HubSpotStandIn = {
    url: '',
    authorizeUrl: '',
    clientId,
    clientSecret,
    portalId,
    calls: [],
    contacts: [
      { id: '501', properties: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', phone: '+33612345678' } },
      { id: '502', properties: { firstname: 'Alan', lastname: 'Turing', email: 'alan@example.com', phone: '' } },
      { id: '503', properties: { firstname: 'Grace', lastname: 'Hopper', email: 'grace@example.com', phone: '+33687654321' } },
    ],
    notes: [],
    files: [],
    accessTokenLifetime: 1800,
    tokenDelayMs: 0,
    failNext(route, ...answers) {
      failures.set(route, [...(failures.get(route) ?? []), ...answers]);
    },
    revokeAll() {
      refreshTokens.clear();
    },
    close: async () => undefined,
  };

  const issue = () => {
    const access = token();
    const refresh = token();
    accessTokens.set(access, Date.now() + standIn.accessTokenLifetime * 1000);
    refreshTokens.add(refresh);
    return { access_token: access, refresh_token: refresh, expires_in: standIn.accessTokenLifetime, token_type: 'bearer' };
  };

  // A handler that throws answers 500 (the test fails on it) rather than leaving an unhandled rejection and a hung request.
  const server: Server = createServer(
    (request, response: ServerResponse) =>
      void (async () => {
        const answer = (status: number, body?: object, headers: Record<string, string> = {}) => {
          response.writeHead(status, { ...(body ? { 'content-type': 'application/json' } : {}), ...headers });
          response.end(body ? JSON.stringify(body) : undefined);
        };
        const url = new URL(request.url ?? '/', standIn.url);
        const method = request.method ?? 'GET';
        const raw = await readBody(request);
        const contentType = request.headers['content-type'] ?? '';
        let body: unknown = undefined;
        if (contentType.startsWith('application/json')) body = JSON.parse(raw.toString('utf8') || '{}');
        else if (contentType.startsWith('application/x-www-form-urlencoded')) body = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
        standIn.calls.push({ method, path: url.pathname, body, authorization: request.headers.authorization });

        const failing = [...failures.keys()].find((route) => `${method} ${url.pathname}`.startsWith(route));
        if (failing) {
          const queue = failures.get(failing)!;
          const next = queue.shift()!;
          if (!queue.length) failures.delete(failing);
          return answer(
            next.status,
            next.body ?? { status: 'error', message: `Stand-in failure ${next.status}`, correlationId: token(), category: 'STANDIN' },
            next.headers,
          );
        }

        // The consent page: consents at once (a test has no HubSpot user) and goes back with a code.
        if (method === 'GET' && url.pathname === '/oauth/authorize') {
          if (url.searchParams.get('client_id') !== clientId) return answer(400, { status: 'error', message: 'unknown client_id' });
          const code = token();
          const redirect = url.searchParams.get('redirect_uri')!;
          codes.set(code, redirect);
          const back = new URL(redirect);
          back.searchParams.set('code', code);
          back.searchParams.set('state', url.searchParams.get('state') ?? '');
          response.writeHead(302, { location: back.toString() });
          return response.end();
        }
        if (method === 'POST' && url.pathname === '/oauth/v1/token') {
          if (standIn.tokenDelayMs) await new Promise((resolve) => setTimeout(resolve, standIn.tokenDelayMs));
          const form = body as Record<string, string>;
          if (form.client_id !== clientId || form.client_secret !== clientSecret)
            return answer(400, { status: 'BAD_CLIENT_ID', message: 'missing or unknown client id', error: 'invalid_client' });
          if (form.grant_type === 'authorization_code') {
            if (codes.get(form.code ?? '') !== form.redirect_uri)
              return answer(400, { status: 'BAD_AUTH_CODE', message: 'missing or unknown auth code', error: 'invalid_grant' });
            codes.delete(form.code!);
            return answer(200, issue());
          }
          if (form.grant_type === 'refresh_token') {
            if (!refreshTokens.has(form.refresh_token ?? ''))
              return answer(400, {
                status: 'BAD_REFRESH_TOKEN',
                message: 'missing or unknown refresh token',
                error: 'invalid_grant',
                error_description: 'missing or unknown refresh token',
              });
            const access = token();
            accessTokens.set(access, Date.now() + standIn.accessTokenLifetime * 1000);
            // HubSpot keeps the refresh token: it answers the same one.
            return answer(200, { access_token: access, refresh_token: form.refresh_token, expires_in: standIn.accessTokenLifetime, token_type: 'bearer' });
          }
          return answer(400, { status: 'error', message: 'unsupported grant_type', error: 'unsupported_grant_type' });
        }
        const accessInfo = /^\/oauth\/v1\/access-tokens\/(.+)$/.exec(url.pathname);
        if (method === 'GET' && accessInfo) {
          if (!accessTokens.has(accessInfo[1]!)) return answer(404, { status: 'error', message: 'access token not found' });
          return answer(200, {
            token: accessInfo[1],
            hub_id: portalId,
            hub_domain: 'standin.hubspot.test',
            user: 'owner@standin.test',
            scopes: ['crm.objects.contacts.read', 'crm.objects.contacts.write', 'files', 'oauth'],
            app_id: 1,
            expires_in: 1000,
          });
        }
        const revoke = /^\/oauth\/v1\/refresh-tokens\/(.+)$/.exec(url.pathname);
        if (method === 'DELETE' && revoke) {
          refreshTokens.delete(revoke[1]!);
          return answer(204);
        }
        // The CRM and Files APIs need a live bearer token.
        const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
        const expiry = accessTokens.get(bearer);
        if (expiry === undefined || expiry < Date.now())
          return answer(401, {
            status: 'error',
            message: 'Authentication credentials not found or expired.',
            category: 'INVALID_AUTHENTICATION',
            correlationId: token(),
          });

        if (method === 'POST' && url.pathname === '/crm/v3/objects/contacts/search') {
          const { query = '', limit = 10 } = body as { query?: string; limit?: number };
          const q = query.toLowerCase();
          const results = standIn.contacts.filter((c) => Object.values(c.properties).some((v) => v.toLowerCase().includes(q)));
          return answer(200, {
            total: results.length,
            results: results.slice(0, limit).map((c) => ({ ...c, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', archived: false })),
          });
        }
        if (method === 'POST' && url.pathname === '/crm/v3/objects/notes') {
          const { properties, associations } = body as { properties: Record<string, string>; associations: { to: { id: string } }[] };
          const contactId = associations?.[0]?.to?.id;
          if (!standIn.contacts.some((c) => c.id === contactId))
            return answer(404, { status: 'error', message: `Contact ${contactId} does not exist.`, category: 'OBJECT_NOT_FOUND', correlationId: token() });
          const note = { id: String(++sequence), properties, associations };
          standIn.notes.push(note);
          return answer(201, { id: note.id, properties, createdAt: new Date().toISOString(), archived: false });
        }
        if (method === 'POST' && url.pathname === '/files/v3/files') {
          const parts = multipartParts(raw, contentType);
          const file = parts.get('file');
          if (!file) return answer(400, { status: 'error', message: 'No file.', category: 'VALIDATION_ERROR' });
          const options = JSON.parse(parts.get('options')?.data.toString('utf8') ?? '{}') as { access?: string };
          const stored = {
            id: String(++sequence),
            name: parts.get('fileName')?.data.toString('utf8') ?? file.filename ?? 'file',
            size: file.data.length,
            access: options.access ?? 'PUBLIC_INDEXABLE',
          };
          standIn.files.push(stored);
          return answer(201, { id: stored.id, name: stored.name, size: stored.size, access: stored.access });
        }
        return answer(404, { status: 'error', message: `Stand-in: no route ${method} ${url.pathname}` });
      })().catch((error: unknown) => (response.headersSent ? response.end() : response.writeHead(500).end(String(error)))),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.authorizeUrl = `${standIn.url}/oauth/authorize`;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
