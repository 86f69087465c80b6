import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The server serves dist/ on its own port; in dev, Vite proxies the API to it. */
const apiTarget = process.env.PARAPHE_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate files stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'mantine', test: /node_modules[\\/]@mantine/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // pdf.js is only loaded by the screens that show a PDF: its own chunk keeps it off the first load.
            { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
});
