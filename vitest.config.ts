import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/engine/**/*.test.ts', 'tests/generator/**/*.test.ts', 'tests/ui/**/*.test.ts', 'tests/docs/**/*.test.ts'],
    environment: 'node',
  },
});
