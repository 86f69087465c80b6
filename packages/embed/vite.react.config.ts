import { defineConfig } from 'vite';

/** The React component's build (an ES module; React is the embedding app's own). */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2019',
    lib: { entry: new URL('./src/react.tsx', import.meta.url).pathname, formats: ['es'], fileName: () => 'react.mjs' },
    rolldownOptions: { external: ['react', 'react/jsx-runtime'] },
  },
});
