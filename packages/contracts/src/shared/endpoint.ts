import type { z } from 'zod';
import type { Audience, Feature, Permission } from './access.ts';
import type { ApiKeyScope } from '../apikeys/schemas.ts';

/**
 * Endpoint descriptors: each HTTP endpoint of the API is described ONCE, here in the contracts (method, path,
 * who may call it, params, query, body, responses). The server registers its Fastify route and the OpenAPI
 * document from the descriptor; the web calls it through a typed client built on the same descriptor. No path
 * string is written twice (the linter forbids '/api/…' literals elsewhere).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every JSON endpoint lives under this prefix (an unknown path there is a 404, never the web app). */
export const apiPathPrefix = '/api/';
/** The OpenAPI reference page. */
export const apiDocsPath = `${apiPathPrefix}docs`;

/** Who may call. */
export type EndpointAuth =
  /** No bearer: sign-up, login, mailed links, the public signing page (its token is in the path), the PKI. */
  | { public: true }
  /**
   * A bearer access token of `audience`, from a live session that passed the second factor (unless
   * allowUnverified), of an enabled tenant (unless allowSuspended), whose user holds `permission` and whose
   * tenant has the permission's feature (and `feature`, when given).
   */
  | {
      audience: Audience;
      permission?: Permission;
      feature?: Feature;
      allowUnverified?: boolean;
      allowSuspended?: boolean;
      /**
       * Also `Authorization: Embed <editor token>` (docs/embedding.md, embedded sending): accepted only when the
       * path's `:id` is the draft the token opens, the draft still a draft, the token live.
       */
      embedDraft?: boolean;
      /**
       * Also the token of a template editor link (docs/embedding.md, the template editor embedded): `template` when the
       * path's `:id` is the template the token opens, `new` when the token opens a template not saved yet (its first
       * save creates it), `context` for any template editor token.
       */
      embedTemplate?: 'template' | 'new' | 'context';
    }
  /**
   * The public REST API (`/api/v1`): `Authorization: Bearer <API key>` of an enabled tenant with the feature `api`,
   * the key live (not revoked, not expired) and holding `apiKey` among its scopes. Errors are problem details.
   */
  | { apiKey: ApiKeyScope; audience?: never };

/** A binary answer (PDF, xlsx, zip, certificate…) instead of a JSON envelope. */
export interface FileResponse {
  kind: 'file';
  contentTypes: readonly string[];
}
/** An answer without a body (e.g. 204). */
export interface EmptyResponse {
  kind: 'empty';
}
/** A multipart/form-data body: text parts and file parts, read by the server's own handler. */
export interface MultipartBody {
  kind: 'multipart';
  description: string;
}
/** A raw binary body (e.g. an OCSP or time-stamp request). */
export interface BinaryBody {
  kind: 'binary';
  contentTypes: readonly string[];
}

export type ResponseSpec = z.ZodType | FileResponse | EmptyResponse;

export interface EndpointSpec {
  method: HttpMethod;
  /** Fastify syntax: `/api/transactions/:id`. */
  path: string;
  summary: string;
  /** OpenAPI tags (defaults to the group's). */
  tags?: readonly string[];
  auth: EndpointAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType | MultipartBody | BinaryBody;
  /** Status → body. The first 2xx is what a handler's returned value is sent with. */
  responses: Readonly<Partial<Record<number, ResponseSpec>>>;
  /**
   * A create that accepts an `Idempotency-Key` header (docs/api.md): a retry with the same key and the same
   * request gets the first answer again instead of creating a duplicate.
   */
  idempotent?: boolean;
}

/** The request header of idempotent creates and the answer header of a replayed answer. */
export const idempotencyKeyHeader = 'Idempotency-Key';
export const idempotentReplayedHeader = 'Idempotent-Replayed';

export const file = (...contentTypes: string[]): FileResponse => ({ kind: 'file', contentTypes });
export const empty: EmptyResponse = { kind: 'empty' };
export const multipart = (description: string): MultipartBody => ({ kind: 'multipart', description });
export const binary = (...contentTypes: string[]): BinaryBody => ({ kind: 'binary', contentTypes });

/** A group of endpoints sharing OpenAPI tags; returns them unchanged (typed), each with its tags set. */
export function defineEndpoints<const T extends Record<string, EndpointSpec>>(tags: readonly string[], endpoints: T): T {
  for (const endpoint of Object.values(endpoints)) (endpoint as { tags?: readonly string[] }).tags ??= tags;
  return endpoints;
}

export const isSchema = (spec: unknown): spec is z.ZodType =>
  typeof spec === 'object' && spec !== null && typeof (spec as { safeParse?: unknown }).safeParse === 'function';

type SchemaOf<T> = T extends z.ZodType ? T : never;
type Success = 200 | 201 | 202 | 204 | 206;

/** What a caller passes (zod input types: before defaults and transforms). */
export type ParamsIn<E extends EndpointSpec> = E['params'] extends z.ZodType ? z.input<SchemaOf<E['params']>> : undefined;
export type QueryIn<E extends EndpointSpec> = E['query'] extends z.ZodType ? z.input<SchemaOf<E['query']>> : undefined;
export type BodyIn<E extends EndpointSpec> = E['body'] extends z.ZodType ? z.input<SchemaOf<E['body']>> : undefined;
/** What a handler receives (zod output types). */
export type ParamsOut<E extends EndpointSpec> = E['params'] extends z.ZodType ? z.output<SchemaOf<E['params']>> : Record<string, never>;
export type QueryOut<E extends EndpointSpec> = E['query'] extends z.ZodType ? z.output<SchemaOf<E['query']>> : Record<string, never>;
export type BodyOut<E extends EndpointSpec> = E['body'] extends z.ZodType ? z.output<SchemaOf<E['body']>> : undefined;

/** The first success status declared. */
export type SuccessStatusOf<E extends EndpointSpec> = Extract<keyof E['responses'], Success>;
/** The JSON body of a success status (`unknown` for files, `undefined` for empty answers). */
export type ResponseOf<E extends EndpointSpec, S extends keyof E['responses'] = SuccessStatusOf<E>> = E['responses'][S] extends z.ZodType
  ? z.output<SchemaOf<E['responses'][S]>>
  : E['responses'][S] extends EmptyResponse
    ? undefined
    : unknown;

export function successStatus(endpoint: EndpointSpec): number {
  const status = Object.keys(endpoint.responses)
    .map(Number)
    .find((s) => s >= 200 && s < 300);
  if (status === undefined) {
    // A browser's landing point (an OAuth callback) answers a redirect.
    const redirect = Object.keys(endpoint.responses)
      .map(Number)
      .find((s) => s >= 300 && s < 400);
    if (redirect !== undefined) return redirect;
  }
  if (status === undefined) throw new Error(`${endpoint.method} ${endpoint.path} declares no success response`);
  return status;
}

/** The path with its parameters filled in (URI-encoded); a missing required parameter is a programming error. */
export function pathOf(endpoint: Pick<EndpointSpec, 'path'>, params: Record<string, string | number | undefined | null> = {}): string {
  return endpoint.path.replace(/:(\w+)(\?)?/g, (_match, name: string, optional: string | undefined) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      if (optional) return '';
      throw new Error(`Missing path parameter "${name}" for ${endpoint.path}`);
    }
    return encodeURIComponent(String(value));
  });
}
