import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, so the server sends
 * them as they are (@fastify/static `preCompressed`) instead of compressing on every request,
 * and at the strongest levels, which would be too slow per request.
 */
function precompress(): Plugin {
  const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|map|wasm)$/;
  return {
    name: 'hookgate-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir!;
      for (const name of [...Object.keys(bundle), 'index.html']) {
        const file = path.join(outDir, name);
        if (!TEXT.test(name) || !fs.existsSync(file)) continue;
        const body = fs.readFileSync(file);
        const br = zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        const gz = zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION });
        // A file that does not shrink is sent as it is.
        if (br.length < body.length) fs.writeFileSync(file + '.br', br);
        if (gz.length < body.length) fs.writeFileSync(file + '.gz', gz);
      }
    },
  };
}

// The console is served by Hookgate itself under /console/ (src/http/console-routes.ts).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  plugins: [react(), precompress()],
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
