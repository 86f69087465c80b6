import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Typeform's REST API (developer.typeform.com), answering as documented: `GET /me`,
 * `GET /forms` (`{ total_items, page_count, items: [{ id, title, _links: { display } }] }`), `GET /forms/{id}`,
 * `GET /forms/{id}/responses` (`{ total_items, page_count, items }`); 401 with Typeform's error body for a wrong
 * bearer token, 404 for an unknown form. Every call is recorded.
 */
export interface StandinForm {
  id: string;
  title: string;
  responses: number;
}

export interface TypeformStandin {
  baseUrl: string;
  /** The one personal token it accepts. */
  token: string;
  forms: StandinForm[];
  account: { alias: string; email: string };
  calls: { method: string; path: string; authorization: string | undefined }[];
  displayUrl(formId: string): string;
  close(): Promise<void>;
}

export async function startTypeformStandin(opts: { token?: string; forms?: StandinForm[] } = {}): Promise<TypeformStandin> {
  const token = opts.token ?? 'tfp_standin_token_0123456789';
  const forms = opts.forms ?? [
    { id: 'abc123', title: 'Satisfaction after signing', responses: 42 },
    { id: 'def456', title: 'Onboarding', responses: 0 },
  ];
  const account = { alias: 'Paraphe Test', email: 'owner@typeform.example' };
  const calls: TypeformStandin['calls'] = [];
  const displayUrl = (id: string) => `https://paraphe-test.typeform.com/to/${id}`;
  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const formBody = (f: StandinForm) => ({
    id: f.id,
    title: f.title,
    type: 'quiz',
    _links: { display: displayUrl(f.id) },
    hidden: ['request_id', 'signer_id', 'lang'],
  });

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    calls.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}`, authorization: req.headers.authorization });
    if (req.headers.authorization !== `Bearer ${token}`) {
      return json(res, 401, { code: 'AUTHENTICATION_FAILED', description: 'Authentication credentials not found on the Request Headers' });
    }
    if (req.method !== 'GET') return json(res, 405, { code: 'METHOD_NOT_ALLOWED' });
    if (url.pathname === '/me') return json(res, 200, { alias: account.alias, email: account.email, language: 'en', user_id: 'u1' });
    if (url.pathname === '/forms') return json(res, 200, { total_items: forms.length, page_count: 1, items: forms.map(formBody) });
    const match = /^\/forms\/([^/]+)(\/responses)?$/.exec(url.pathname);
    const form = match && forms.find((f) => f.id === decodeURIComponent(match[1]!));
    if (!form) return json(res, 404, { code: 'FORM_NOT_FOUND', description: 'Non existing form with uid' });
    if (match[2]) return json(res, 200, { total_items: form.responses, page_count: form.responses, items: [] });
    return json(res, 200, formBody(form));
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token,
    forms,
    account,
    calls,
    displayUrl,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
