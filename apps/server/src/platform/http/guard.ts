import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyScope, Audience, Feature, Permission } from '@paraphe/contracts';
import { embedAuthScheme, permissionFeature } from '@paraphe/contracts';
import { AppError } from '../errors.ts';
import type { Tx } from '../db/client.ts';
import { withRequestRows } from '../db/request-rows.ts';
import type { Actor, Platform } from '../context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every authenticated route: the access-token audience it accepts. */
    audience?: Audience;
    permission?: Permission;
    feature?: Feature;
    /** /me and the code check work before the second factor. */
    allowUnverified?: boolean;
    /** /me works for a suspended tenant so the SPA can show the notice. */
    allowSuspended?: boolean;
    /** The public API (/api/v1): an API key holding this scope instead of an access token. */
    apiKey?: ApiKeyScope;
    /** Also `Authorization: Embed <editor token>` of the draft named by the path's `:id` (docs/embedding.md). */
    embedDraft?: boolean;
    /** Also the token of a template editor link: see the contracts' `embedTemplate` (docs/embedding.md). */
    embedTemplate?: 'template' | 'new' | 'context';
  }
  interface FastifyRequest {
    session?: GuardSession;
    actor?: Actor;
    /** The API key of a public-API call. */
    apiKey?: GuardApiKey;
    /** The editor link of an embedded editor's call (the only draft it may touch is `requestId`, the only template `templateId`). */
    embedDraft?: GuardEmbedDraft;
    /** The rows this request read more than once (db/request-rows.ts): the guard's, then the handler's. */
    requestRows?: Map<string, unknown>;
  }
}

/**
 * What the guard needs to know about the session of a verified access token. The platform does not know how
 * sessions are stored: the auth domain gives the resolver (server.ts wires it), and may carry its own details
 * in `details` for its routes.
 */
export interface GuardSession {
  actor: Actor;
  secondFactorVerified: boolean;
  tenantEnabled: boolean;
  tenantFeatures: Partial<Record<Feature, boolean>>;
  details: unknown;
}
export type SessionResolver = (sessionId: string, ip: string) => Promise<GuardSession>;

/** An API key as the guard needs it: the apikeys domain resolves it (server.ts wires it). */
export interface GuardApiKey {
  id: string;
  label: string;
  scopes: readonly ApiKeyScope[];
}
/** The key's session (its technical user as the actor); throws UNAUTHENTICATED for an unknown, revoked or expired key. */
export type ApiKeyResolver = (secret: string, ip: string) => Promise<{ key: GuardApiKey; session: GuardSession }>;

/** An editor link (a draft's, a template's), as the guard needs it: the apikeys domain resolves it (server.ts wires it). */
export interface GuardEmbedDraft {
  kind: 'request' | 'template';
  /** The draft of a `request` link. */
  requestId: string | null;
  /** The template of a `template` link; null until a new template's first save. */
  templateId: string | null;
  expiresAt: Date;
  /** Whether the embedded editor may send the draft (its API key holds the scope `send`). */
  maySend: boolean;
  /**
   * A new template's link: the template its first save made, from now on the only one it opens (false if bound
   * already). Given the save's transaction, so that two first saves at once make one template, not two.
   */
  bindTemplate(templateId: string, tx: Tx): Promise<boolean>;
}
/** The link and the session it acts in; throws UNAUTHENTICATED for an unknown or expired token, a revoked key, a request no longer a draft. */
export type EmbedDraftResolver = (token: string, ip: string) => Promise<{ link: GuardEmbedDraft; session: GuardSession }>;

const embedPrefix = `${embedAuthScheme} `;

/**
 * `Authorization: Embed <token>`: only on a route that accepts it (`embedDraft`) and for the very draft of the token;
 * anywhere else it is refused (it is not a bearer token, so no other check would take it either).
 */
async function guardEmbedDraft(request: FastifyRequest, resolveEmbedDraft: EmbedDraftResolver | undefined) {
  const config = request.routeOptions.config;
  if ((!config?.embedDraft && !config?.embedTemplate) || !resolveEmbedDraft)
    throw new AppError('UNAUTHENTICATED', "An editor link's token opens the editor of its draft or template only.");
  const { link, session } = await resolveEmbedDraft(request.headers.authorization!.slice(embedPrefix.length).trim(), request.ip);
  checkEmbedTarget(link, config, (request.params as { id?: string } | undefined)?.id);
  request.embedDraft = link;
  request.session = session;
  request.actor = session.actor;
  if (!session.tenantEnabled) throw new AppError('APPLICATION_SUSPENDED');
  if (config.permission) requirePermission(session, config.permission);
  if (config.feature && !session.tenantFeatures[config.feature]) throw new AppError('FEATURE_DISABLED');
}

/** The route must take the link's kind, and the path's `:id` be what the link opens. */
function checkEmbedTarget(link: GuardEmbedDraft, config: { embedDraft?: boolean; embedTemplate?: 'template' | 'new' | 'context' }, pathId: string | undefined) {
  if (link.kind === 'request') {
    if (!config.embedDraft) throw new AppError('UNAUTHENTICATED', "An editor link's token opens the editor of its draft only.");
    if (pathId !== link.requestId) throw new AppError('FORBIDDEN', "This editor link opens another request's editor.");
    return;
  }
  if (!config.embedTemplate) throw new AppError('UNAUTHENTICATED', "A template editor link's token opens the editor of its template only.");
  if (config.embedTemplate === 'template' && (link.templateId === null || pathId !== link.templateId))
    throw new AppError('FORBIDDEN', "This editor link opens another template's editor.");
  if (config.embedTemplate === 'new' && link.templateId !== null)
    throw new AppError('FORBIDDEN', "This editor link's template is saved already: save a new version of it instead.");
}

const bearerOf = (request: FastifyRequest, what: string): string => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) throw new AppError('UNAUTHENTICATED', `Missing bearer ${what}.`);
  return header.slice(7).trim();
};

async function guardApiKey(request: FastifyRequest, scope: ApiKeyScope, resolveApiKey: ApiKeyResolver | undefined) {
  if (!resolveApiKey) throw new AppError('UNAUTHENTICATED', 'API keys are not accepted here.');
  const { key, session } = await resolveApiKey(bearerOf(request, 'API key'), request.ip);
  request.apiKey = key;
  request.session = session;
  request.actor = session.actor;
  if (!session.tenantEnabled) throw new AppError('APPLICATION_SUSPENDED');
  if (!session.tenantFeatures.api) throw new AppError('FEATURE_DISABLED');
  if (!key.scopes.includes(scope)) throw new AppError('FORBIDDEN', `This API key lacks the scope "${scope}".`);
}

/** The request's rows (db/request-rows.ts): one map for its guard and its handler. */
export const requestRowsOf = (request: FastifyRequest): Map<string, unknown> => (request.requestRows ??= new Map());

/** Authenticates and authorizes from the route's config, before validation and the handler run. */
export function createGuard(platform: Platform, resolveSession: SessionResolver, resolveApiKey?: ApiKeyResolver, resolveEmbedDraft?: EmbedDraftResolver) {
  const check = guardOf(platform, resolveSession, resolveApiKey, resolveEmbedDraft);
  // What the resolvers read of the tenant, the handler reads again from memory (its tenant, in the same request).
  return (request: FastifyRequest, reply: FastifyReply) => withRequestRows(requestRowsOf(request), () => check(request, reply));
}

function guardOf(platform: Platform, resolveSession: SessionResolver, resolveApiKey?: ApiKeyResolver, resolveEmbedDraft?: EmbedDraftResolver) {
  return async function guard(request: FastifyRequest, _reply: FastifyReply) {
    const config = request.routeOptions.config;
    if (request.headers.authorization?.startsWith(embedPrefix) && (config?.audience || config?.apiKey)) return guardEmbedDraft(request, resolveEmbedDraft);
    if (config?.apiKey) return guardApiKey(request, config.apiKey, resolveApiKey);
    if (!config?.audience) return;
    const claims = await platform.tokens.verify(bearerOf(request, 'token'), config.audience, platform.clock());
    const session = await resolveSession(claims.sessionId, request.ip);
    request.session = session;
    if (!session.secondFactorVerified && !config.allowUnverified) throw new AppError('SECOND_FACTOR_REQUIRED', 'Enter the code we sent you first.');
    request.actor = session.actor;
    if (!session.tenantEnabled && !config.allowSuspended && !session.actor.isProductAdmin) throw new AppError('APPLICATION_SUSPENDED');
    if (config.permission) requirePermission(session, config.permission);
    if (config.feature && !session.tenantFeatures[config.feature]) throw new AppError('FEATURE_DISABLED');
  };
}

function requirePermission(session: GuardSession, permission: Permission) {
  if (!session.actor.permissions.has(permission)) throw new AppError('FORBIDDEN');
  if (!hasFeatureOf(session, permission)) throw new AppError('FEATURE_DISABLED');
}

const hasFeatureOf = (session: GuardSession, permission: Permission) => {
  const feature = permissionFeature[permission];
  return !feature || Boolean(session.tenantFeatures[feature]);
};

/** Whether the session's routes of `permission` would let it in (the guard's rule: the permission and the tenant's feature behind it). */
export const sessionAllows = (session: GuardSession, permission: Permission): boolean =>
  session.actor.permissions.has(permission) && hasFeatureOf(session, permission);

/** The actor of an authenticated route (the guard guarantees it). */
export function requireActor(request: Pick<FastifyRequest, 'actor'>): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}
/** The session the guard resolved (authenticated routes only). */
export function requireGuardSession(request: Pick<FastifyRequest, 'session'>): GuardSession {
  if (!request.session) throw new AppError('UNAUTHENTICATED');
  return request.session;
}
