import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { locales } from '@paraphe/contracts';
import { localesPlugin } from './scripts/localesPlugin.ts';
import { slimZod } from './scripts/slimZod.ts';
import packageJson from './package.json' with { type: 'json' };

/** The chunks the entry imports (the groups below always in the first load, and the bundler's runtime). */
const entryChunks = /^assets\/(react|query|rolldown-runtime)-[\w-]+\.js$/;

/** The server serves dist/ on its own port; in dev, Vite proxies the API to it. */
const apiTarget = process.env.PARAPHE_API ?? 'http://localhost:3000';

export default defineConfig({
  // The version a help request reports (import.meta.env.VITE_APP_VERSION).
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(packageJson.version) },
  plugins: [react(), localesPlugin(new URL('./src', import.meta.url).pathname, locales), slimZod()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks a route loads (scripts/bundle-budget.ts reads it).
    manifest: true,
    modulePreload: {
      // Every browser of the build target but the oldest preloads modules itself: the polyfill (0.4 kB gzipped of the
      // first load) would only speed up those, which still load every chunk without it.
      polyfill: false,
      // A lazy chunk's list of chunks to preload, in the first load for each lazy route of the entry: the chunks the
      // entry imports itself are there already when any lazy route loads, so they are left out of every list.
      resolveDependencies: (_file, deps) => deps.filter((dep) => !entryChunks.test(dep)),
    },
    rolldownOptions: {
      treeshake: {
        // The contracts are declarations (zod schemas, endpoint descriptors) the bundler cannot prove pure:
        // without this, importing one descriptor would bring every domain's schemas into the first load.
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            // Every screen needs React and the router, which change less often than the app: one cached file.
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
            // TanStack Query: every screen uses it, the entry its client; the hooks with it, in one cached file.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 1.5 },
            // What the entry loads anyway (its static imports: Mantine's provider, i18next, zod and the contracts,
            // the API client…) as one file, not a dozen small ones shared with lazy chunks: fewer requests, better gzip.
            { name: 'app', tags: ['$initial'], priority: 1 },
            // What every form screen (login first) shares: Mantine's inputs and alert, its single-field hook, the app's
            // form helpers, the auth card and its warning icon (tiny files of their own otherwise: a request each and
            // worse gzip; measured 200.16 → 199.55 kB). Not @mantine/form's useForm: the login's two fields do without
            // it (CredentialsStep).
            {
              name: 'forms',
              test: /(@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput|ActionIcon|Alert)[\\/]|@mantine[\\/]form[\\/]esm[\\/](use-field|get-input-on-change[\\/]|validate[\\/]should-validate-on-change)|src[\\/]shared[\\/]forms[\\/](formErrors|validationRules)|src[\\/]features[\\/]auth[\\/]components[\\/]AuthCard|icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]IconAlertTriangle)/,
            },
            // pdf.js is only loaded by the screens that show a PDF: its own chunk keeps it off the first load.
            { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist/ },
            // Nothing else is grouped by library (Mantine, zod, i18next, signature_pad…): a group takes all of a
            // library into one file, loaded by whoever needs a piece of it. Left to the bundler, each piece goes
            // with the screens that use it, and the login route stays small (scripts/bundle-budget.ts).
          ],
        },
      },
    },
  },
});
