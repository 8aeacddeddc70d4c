import { createRequire } from 'node:module';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);
// Without DATABASE_URL the suite runs on one embedded PGlite, which serves a single session:
// test files then run one after another.
const embedded = !process.env.DATABASE_URL;

export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  resolve: {
    // One copy of graphql, or type-graphql's scalars come "from another module or realm".
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: !embedded,
    maxWorkers: embedded ? 1 : 2,
    pool: 'forks',
    reporters: ['default'],
  },
});
