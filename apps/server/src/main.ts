// The server's entry point (`node apps/server/src/main.ts`): compile cache and module hooks first, then the application.
import { enableCompileCache } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// V8's compile cache for every module the server and its worker threads load: importing the application (and, in
// each new worker thread, the signing engine) goes from ≈ 0.6–0.9 s to ≈ 0.17 s once the cache is warm (measured
// for `@paraphe/signing`; docs/configuration.md "Node.js flags"). Node checks each entry against the file's content,
// so a changed file is compiled again. NODE_COMPILE_CACHE chooses the folder; NODE_DISABLE_COMPILE_CACHE=1 turns it
// off. Worker threads inherit the folder through the environment (enableCompileCache applies to this thread only).
const compileCache = enableCompileCache(process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'paraphe-compile-cache'));
if (compileCache.directory) process.env.NODE_COMPILE_CACHE = compileCache.directory;

await import('./platform/db/drizzle-cjs.ts');
await import('./start.ts');
