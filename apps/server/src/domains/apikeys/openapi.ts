import { z } from 'zod';
import { apiV1EndpointGroups, isSchema, problemContentType, type EndpointSpec } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the same descriptors as the routes (contracts' apiv1): the
 * reference page and the typed TypeScript client are built from it.
 */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });

function operation(endpoint: EndpointSpec, name: string) {
  const parameters = [
    ...Object.entries(
      (endpoint.params && isSchema(endpoint.params) ? (jsonSchema(endpoint.params, 'input').properties ?? {}) : {}) as Record<string, unknown>,
    ).map(([n, schema]) => ({ name: n, in: 'path', required: true, schema })),
    ...Object.entries(
      (endpoint.query && isSchema(endpoint.query) ? (jsonSchema(endpoint.query, 'input').properties ?? {}) : {}) as Record<string, unknown>,
    ).map(([n, schema]) => ({ name: n, in: 'query', required: false, schema })),
    ...(endpoint.idempotent ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 200 } }] : []),
  ];
  const responses = Object.fromEntries(
    Object.entries(endpoint.responses).map(([status, spec]) => {
      const contentType = Number(status) >= 400 ? problemContentType : 'application/json';
      if (isSchema(spec)) return [status, { description: status, content: { [contentType]: { schema: jsonSchema(spec, 'output') } } }];
      if (spec && spec.kind === 'file')
        return [
          status,
          { description: status, content: Object.fromEntries(spec.contentTypes.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])) },
        ];
      return [status, { description: status }];
    }),
  );
  const scope = 'apiKey' in endpoint.auth ? endpoint.auth.apiKey : undefined;
  return {
    operationId: name,
    summary: endpoint.summary,
    tags: [...(endpoint.tags ?? [])],
    ...(scope ? { description: `Scope: \`${scope}\`.`, security: [{ apiKey: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(endpoint.body && isSchema(endpoint.body)
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } } } }
      : {}),
    responses,
  };
}

/** Fastify `:id` → OpenAPI `{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export function buildApiV1OpenApi(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const group of apiV1EndpointGroups) {
    for (const [name, endpoint] of Object.entries(group)) {
      (paths[openApiPath(endpoint.path)] ??= {})[endpoint.method.toLowerCase()] = operation(endpoint, name);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Paraphe public API',
      version: '1.0.0',
      description: 'Signature requests for integrators. Authenticate with `Authorization: Bearer pk_live_…`. See docs/api-v1.md.',
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (pk_live_… or pk_test_…)' } } },
    security: [{ apiKey: [] }],
    paths,
  };
}

let cached: { url: string; document: ReturnType<typeof buildApiV1OpenApi> } | undefined;
export function apiV1OpenApi(platform: Platform) {
  if (cached?.url !== platform.config.publicUrl) cached = { url: platform.config.publicUrl, document: buildApiV1OpenApi(platform.config.publicUrl) };
  return cached.document;
}
