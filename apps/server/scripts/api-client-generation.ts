import openapiTS, { astToString } from 'openapi-typescript';
import { buildApiV1OpenApi } from '../src/domains/apikeys/openapi.ts';

/** The checked-in client's types (clients/api-v1/schema.d.ts), from the OpenAPI document of /api/v1. */
export const generatedClientFile = new URL('../clients/api-v1/schema.d.ts', import.meta.url);
/** The server URL written in the generated document: the client is given the real one at run time. */
const placeholderServer = 'https://paraphe.example';

export async function generateClientTypes(): Promise<string> {
  const document = buildApiV1OpenApi(placeholderServer);
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)) as Parameters<typeof openapiTS>[0]);
  return `// Generated from the /api/v1 OpenAPI document by scripts/api-client.ts: do not edit (a test checks it is current).\n${astToString(ast)}`;
}
