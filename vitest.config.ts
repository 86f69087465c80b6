import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/contracts/src/**/*.test.ts',
            'packages/embed/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'fuzz/**/*.test.ts',
            'deploy/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      'apps/server/vitest.config.ts',
      'packages/signing/vitest.config.ts',
      'apps/web/e2e/vitest.config.ts',
    ],
  },
});
