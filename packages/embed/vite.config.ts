import { defineConfig } from 'vite';

/**
 * The script-tag build: one classic script (IIFE) defining `window.Paraphe`, served by the server at /embed.js
 * (docs/embedding.md). The ES module of the same code is built beside it for bundlers.
 */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2019',
    lib: {
      entry: new URL('./src/embed.ts', import.meta.url).pathname,
      name: 'Paraphe',
      formats: ['iife', 'es'],
      fileName: (format) => (format === 'iife' ? 'paraphe-embed.js' : 'embed.mjs'),
    },
  },
});
