import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'signing',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
