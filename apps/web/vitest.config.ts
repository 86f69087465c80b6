import { defineConfig } from 'vitest/config';

/** Pure-logic unit tests of the web app (no DOM needed). */
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], environment: 'node' },
});
