// Regenerates the typed client of the public API: node apps/server/scripts/api-client.ts
// (clients/api-v1/schema.d.ts from the descriptors; test/apikeys/api-client.test.ts fails when it is out of date).
import fs from 'node:fs';
import { generateClientTypes, generatedClientFile } from './api-client-generation.ts';

fs.writeFileSync(generatedClientFile, await generateClientTypes());
console.log(`written ${generatedClientFile.pathname}`);
