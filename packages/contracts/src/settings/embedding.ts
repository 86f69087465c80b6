import { z } from 'zod';

/**
 * Embedded signing (docs/embedding.md): a tenant lists the origins (scheme, host, port) allowed to show its signing
 * page in an iframe. The page is then served at `/embed/sign/<token>` (outside /api: a document the browser frames)
 * with `Content-Security-Policy: frame-ancestors <those origins>`; everywhere else it stays `'none'`.
 */
export const embedSigningPathPrefix = '/embed/sign/';
export const maxEmbedOrigins = 20;
/** The meta element the server adds to the embedded page: the origins it may post its events to, space-separated. */
export const embedOriginsMetaName = 'paraphe-embed-origins';

/**
 * Embedded sending (docs/embedding.md): `POST /api/v1/requests/{id}/editor-link` answers `<PUBLIC_URL>/embed/edit/<token>`,
 * the draft's editor framed by the same origins. The token is the page's only credential: the editor's calls send it
 * as `Authorization: Embed <token>`, accepted only by the editing endpoints of that one draft.
 */
export const embedEditPathPrefix = '/embed/edit/';
/** The meta element the server adds to the embedded editor: the draft its token opens. */
export const embedDraftMetaName = 'paraphe-embed-draft';
/**
 * The template editor embedded (docs/embedding.md): `POST /api/v1/templates/editor-link` answers
 * `<PUBLIC_URL>/embed/template/<token>`, a template's editor (or a new template's) framed by the same origins.
 */
export const embedTemplatePathPrefix = '/embed/template/';
/** The meta element the server adds to the embedded template editor: the template its token opens, or `new`. */
export const embedTemplateMetaName = 'paraphe-embed-template';
/** The scheme of the editor's token in the Authorization header. */
export const embedAuthScheme = 'Embed';
/** `ee_` then 32 random bytes, base64url. */
export const editorTokenPattern = /^ee_[A-Za-z0-9_-]{43}$/;
/** How long an editor link lasts (minutes). */
export const editorLinkMinutes = 15;

/** Hosts a test-mode tenant may list over plain http (a developer's machine). */
const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `https://host[:port]` normalised (lower case, default port dropped), or null when the text is not a bare origin. */
export function originOf(text: string): string | null {
  const trimmed = text.trim();
  // A wildcard is never an origin (URL would take `*.example.com` as a host name).
  if (trimmed === '' || trimmed.includes('*')) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  // `https://a.com/` is accepted as `https://a.com`; `https://a.com/x` is not (a path never names a frame's origin).
  if (!/^[a-z]+:\/\/[^/?#]+\/?$/i.test(trimmed)) return null;
  return url.origin;
}

/** Plain http is for a test-mode tenant's local pages only; a live tenant lists https origins. */
export function originAllowedIn(origin: string, testMode: boolean): boolean {
  const url = new URL(origin);
  if (url.protocol === 'https:') return true;
  return testMode && localHosts.has(url.hostname);
}

export const embedOriginSchema = z
  .string()
  .trim()
  .refine((text) => originOf(text) !== null, {
    message: 'An origin: https://host[:port], without path or wildcard.',
    params: { rule: 'invalid_url' },
  })
  .transform((text) => originOf(text)!);

export const embedOriginsSchema = z
  .array(embedOriginSchema)
  .max(maxEmbedOrigins)
  .transform((origins) => [...new Set(origins)]);

/**
 * The list as stored in the tenant's settings and answered with them: already normalised, so checked without a
 * transform (a transform cannot be serialised back by the answers' schemas).
 */
export const storedEmbedOriginsSchema = z
  .array(z.string().refine((text) => originOf(text) === text, { message: 'An origin: https://host[:port].', params: { rule: 'invalid_url' } }))
  .max(maxEmbedOrigins);
