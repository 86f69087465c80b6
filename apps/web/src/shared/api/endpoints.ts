import {
  isSchema,
  pathOf,
  successStatus,
  type BodyIn,
  type EndpointSpec,
  type ParamsIn,
  type QueryIn,
  type ResponseOf,
  type SuccessStatusOf,
} from '@paraphe/contracts';
import { apiFetch, readBody, type QueryValue, type RequestOptions } from './client.ts';
import { saveBlob } from './download.ts';

/**
 * The web's only way to the API: each call names an endpoint descriptor of the contracts (method, path, who
 * may call, params/query/body schemas, responses), so no path is written twice. Params, query and body are
 * checked at compile time against the descriptor's zod input types; the answer is parsed with the schema of
 * its status. The bearer token is the descriptor's `auth.audience` (none for `public` endpoints), with the
 * transport's renewal of a refused token and logout of a lost session (client.ts).
 */

/** A slot of the input: absent when the endpoint has none, optional when every field is, required otherwise. */
type Slot<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    {} extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** Transport choices a caller may make for one call. */
export type CallOptions = Pick<RequestOptions, 'signal' | 'sessionRequired' | 'credentials' | 'toError'>;

export type EndpointInput<E extends EndpointSpec> = Slot<'params', ParamsIn<E>> & Slot<'query', QueryIn<E>> & Slot<'body', BodyIn<E>> & CallOptions;

/** The input argument may be left out when nothing in it is required. */
type InputArgs<E extends EndpointSpec> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  {} extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];

/** Each success status of the endpoint with its parsed body, as a union to switch on. */
export type EndpointResult<E extends EndpointSpec> = {
  [S in SuccessStatusOf<E>]: { status: S; body: ResponseOf<E, S> };
}[SuccessStatusOf<E>];

function audienceOf(endpoint: EndpointSpec): RequestOptions['audience'] {
  return 'public' in endpoint.auth ? null : (endpoint.auth.audience ?? null);
}

function requestOf(endpoint: EndpointSpec, input: EndpointInput<EndpointSpec> = {}): { path: string; options: RequestOptions } {
  const { params, query, body, ...call } = input as { params?: unknown; query?: unknown; body?: unknown } & CallOptions;
  return {
    path: pathOf(endpoint, params as Record<string, string | number | undefined | null> | undefined),
    options: {
      ...call,
      method: endpoint.method,
      audience: audienceOf(endpoint),
      query: query as Record<string, QueryValue> | undefined,
      body,
    },
  };
}

/** The body checked against the schema its status declares (a status the endpoint does not declare: the first success's). */
function parseAnswer(endpoint: EndpointSpec, status: number, body: unknown): unknown {
  const spec = endpoint.responses[status] ?? endpoint.responses[successStatus(endpoint)];
  if (isSchema(spec)) return spec.parse(body);
  if (spec && 'kind' in spec && spec.kind === 'file') {
    throw new Error(`${endpoint.method} ${endpoint.path} answers a file: use downloadEndpoint`);
  }
  return undefined;
}

/**
 * Calls an endpoint whose success has one shape; resolves with its parsed body (undefined for an empty
 * answer). An endpoint with several success statuses is called with `callEndpointWithStatus`.
 */
export async function callEndpoint<E extends EndpointSpec>(endpoint: E, ...[input]: InputArgs<E>): Promise<ResponseOf<E>> {
  const { status, body } = await callEndpointWithStatus(endpoint, ...([input] as InputArgs<E>));
  const expected = successStatus(endpoint);
  if (status !== expected && status in endpoint.responses) {
    throw new Error(`${endpoint.method} ${endpoint.path} answered ${status}, not ${expected}: use callEndpointWithStatus`);
  }
  return body as ResponseOf<E>;
}

/** Calls an endpoint with several success statuses (e.g. the session probe: 200 ready, 206 code needed). */
export async function callEndpointWithStatus<E extends EndpointSpec>(endpoint: E, ...[input]: InputArgs<E>): Promise<EndpointResult<E>> {
  const { path, options } = requestOf(endpoint, input as EndpointInput<EndpointSpec>);
  const response = await apiFetch(path, options);
  const status = response.status;
  return { status, body: parseAnswer(endpoint, status, await readBody(response)) } as EndpointResult<E>;
}

/**
 * Downloads the file an endpoint answers (through a blob, under the server's file name, else `fileName`).
 * Resolves false when the server had nothing to give (204).
 */
export async function downloadEndpoint<E extends EndpointSpec>(endpoint: E, input: EndpointInput<E>, fileName: string): Promise<boolean> {
  const { path, options } = requestOf(endpoint, input as EndpointInput<EndpointSpec>);
  const response = await apiFetch(path, options);
  if (response.status === 204) return false;
  saveBlob(await response.blob(), response.headers.get('content-disposition'), fileName);
  return true;
}

/** The file an endpoint answers, as a Blob (e.g. to put a stored document back into a form). */
export async function fetchEndpointBlob<E extends EndpointSpec>(endpoint: E, input: EndpointInput<E>): Promise<Blob> {
  const { path, options } = requestOf(endpoint, input as EndpointInput<EndpointSpec>);
  return (await apiFetch(path, options)).blob();
}

/** Posts a multipart/form-data body (files and text parts) to an endpoint declared `multipart` (with its query, if any). */
export async function postFormEndpoint<E extends EndpointSpec>(
  endpoint: E,
  params: ParamsIn<E>,
  form: FormData,
  options: Pick<CallOptions, 'signal'> & { query?: QueryIn<E> } = {},
): Promise<ResponseOf<E>> {
  const { path, options: request } = requestOf(endpoint, { params, ...options } as EndpointInput<EndpointSpec>);
  const response = await apiFetch(path, { ...request, body: form });
  return parseAnswer(endpoint, response.status, await readBody(response)) as ResponseOf<E>;
}
