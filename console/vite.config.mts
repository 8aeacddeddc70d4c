import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The console is served by Hookgate itself under /console/ (src/http/console-routes.ts).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // GraphiQL is its own chunk, loaded when the GraphQL page opens.
    chunkSizeWarningLimit: 2000,
    sourcemap: false,
    rollupOptions: {
      // react-compiler-runtime (under GraphiQL) marks itself "use no memo": harmless when bundled.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    proxy: { '/graphql': 'http://127.0.0.1:4000', '/console/dev-session': 'http://127.0.0.1:4000' },
  },
});
