/**
 * HubSpot's documented REST endpoints, called with fetch (docs/connectors.md says why not `@hubspot/api-client`).
 * Every call answers its parsed JSON or throws a HubSpotError carrying HubSpot's status and messages.
 */
export interface HubSpotSettings {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  authorizeUrl: string;
}

export class HubSpotError extends Error {
  readonly status: number | null;
  /** HubSpot's own messages (`message`, `errors[].message`), for the panel and the toasts. */
  readonly details: string[];
  readonly retryAfterSeconds: number | undefined;
  /** The OAuth server refused the grant (refresh token revoked, app uninstalled). */
  readonly invalidGrant: boolean;
  constructor(status: number | null, details: string[], options: { retryAfterSeconds?: number; invalidGrant?: boolean; cause?: unknown } = {}) {
    super(details.join(' · ') || `HubSpot answered ${status ?? 'nothing'}`, { cause: options.cause });
    this.name = 'HubSpotError';
    this.status = status;
    this.details = details;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.invalidGrant = options.invalidGrant ?? false;
  }
}

const timeoutMs = 15_000;

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
}
export interface TokenInfo {
  hubId: string;
  hubDomain: string | null;
  scopes: string[];
}

async function call(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new HubSpotError(null, ['HubSpot could not be reached.'], { cause: error });
  }
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { message: text.slice(0, 300) };
  }
  if (response.ok) return body;
  const details = [
    body.message,
    body.error_description,
    ...(Array.isArray(body.errors) ? body.errors.map((e: { message?: unknown }) => e?.message) : []),
  ].filter((m): m is string => typeof m === 'string' && m.length > 0);
  const retryAfter = Number(response.headers.get('retry-after'));
  const invalidGrant = body.error === 'invalid_grant' || body.status === 'BAD_REFRESH_TOKEN';
  throw new HubSpotError(response.status, details.length ? details : [`HubSpot answered ${response.status}.`], {
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    invalidGrant,
  });
}

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const json = (accessToken: string, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { ...bearer(accessToken), 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

function tokenSet(body: unknown): TokenSet {
  const b = body as { access_token?: string; refresh_token?: string; expires_in?: number };
  if (!b.access_token || !b.refresh_token) throw new HubSpotError(200, ['HubSpot answered no token.']);
  return { accessToken: b.access_token, refreshToken: b.refresh_token, expiresInSeconds: Number(b.expires_in ?? 1800) };
}

/** `POST /oauth/v1/token`, grant `authorization_code`. */
export async function exchangeCode(s: HubSpotSettings, code: string, redirectUri: string): Promise<TokenSet> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', client_id: s.clientId, client_secret: s.clientSecret, redirect_uri: redirectUri, code });
  return tokenSet(await call(`${s.apiBase}/oauth/v1/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }));
}

/** `POST /oauth/v1/token`, grant `refresh_token`: a new access token (and the refresh token to keep). */
export async function refreshTokens(s: HubSpotSettings, refreshToken: string): Promise<TokenSet> {
  const form = new URLSearchParams({ grant_type: 'refresh_token', client_id: s.clientId, client_secret: s.clientSecret, refresh_token: refreshToken });
  return tokenSet(await call(`${s.apiBase}/oauth/v1/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }));
}

/** `GET /oauth/v1/access-tokens/:token`: the portal (hub) the token belongs to and its scopes. */
export async function tokenInfo(s: HubSpotSettings, accessToken: string): Promise<TokenInfo> {
  const b = (await call(`${s.apiBase}/oauth/v1/access-tokens/${encodeURIComponent(accessToken)}`, { method: 'GET' })) as {
    hub_id?: number | string;
    hub_domain?: string;
    scopes?: string[];
  };
  if (b.hub_id === undefined) throw new HubSpotError(200, ['HubSpot answered no portal id.']);
  return { hubId: String(b.hub_id), hubDomain: b.hub_domain ?? null, scopes: Array.isArray(b.scopes) ? b.scopes : [] };
}

/** `DELETE /oauth/v1/refresh-tokens/:token`: HubSpot forgets the refresh token (and the access tokens it gave). */
export async function revokeRefreshToken(s: HubSpotSettings, refreshToken: string): Promise<void> {
  await call(`${s.apiBase}/oauth/v1/refresh-tokens/${encodeURIComponent(refreshToken)}`, { method: 'DELETE' });
}

export interface HubSpotContact {
  id: string;
  properties: Record<string, string | null | undefined>;
}

/** `POST /crm/v3/objects/contacts/search`: the default searchable properties match `query`. */
export async function searchContacts(s: HubSpotSettings, accessToken: string, query: string, limit = 10): Promise<HubSpotContact[]> {
  const b = (await call(
    `${s.apiBase}/crm/v3/objects/contacts/search`,
    json(accessToken, { query, limit, properties: ['firstname', 'lastname', 'email', 'phone'] }),
  )) as { results?: HubSpotContact[] };
  return (b.results ?? []).slice(0, limit);
}

/** `POST /files/v3/files` (multipart): a private file; answers its id. */
export async function uploadFile(s: HubSpotSettings, accessToken: string, file: { name: string; bytes: Uint8Array; contentType: string }): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.name);
  form.append('fileName', file.name);
  form.append('folderPath', '/paraphe');
  form.append('options', JSON.stringify({ access: 'PRIVATE', overwrite: false, duplicateValidationStrategy: 'NONE' }));
  const b = (await call(`${s.apiBase}/files/v3/files`, { method: 'POST', headers: bearer(accessToken), body: form })) as { id?: string | number };
  if (b.id === undefined) throw new HubSpotError(200, ['HubSpot answered no file id.']);
  return String(b.id);
}

/** HubSpot-defined association type "note to contact". */
export const noteToContactAssociation = 202;

/** `POST /crm/v3/objects/notes`, associated with the contact; answers the note's id. */
export async function createNote(
  s: HubSpotSettings,
  accessToken: string,
  note: { contactId: string; body: string; timestamp: Date; attachmentIds: string[] },
): Promise<string> {
  const properties: Record<string, string> = { hs_timestamp: note.timestamp.toISOString(), hs_note_body: note.body };
  if (note.attachmentIds.length) properties.hs_attachment_ids = note.attachmentIds.join(';');
  const b = (await call(
    `${s.apiBase}/crm/v3/objects/notes`,
    json(accessToken, {
      properties,
      associations: [{ to: { id: note.contactId }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: noteToContactAssociation }] }],
    }),
  )) as { id?: string | number };
  if (b.id === undefined) throw new HubSpotError(200, ['HubSpot answered no note id.']);
  return String(b.id);
}
