import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The Node tests inject their own clock; the build flags are those of production.
  define: { __TEST_CLOCK__: 'false' },
  test: {
    include: ['tests/engine/**/*.test.ts', 'tests/generator/**/*.test.ts', 'tests/ui/**/*.test.ts'],
    environment: 'node',
  },
});
