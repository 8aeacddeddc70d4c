import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * CORS for the origins of CORS_ORIGINS only, e.g. hosted Apollo Sandbox. An origin
 * outside the list gets no Access-Control-Allow-* header at all, so the browser refuses the answer;
 * the answer's origin is always the caller's exact origin, never `*`, because credentials are allowed.
 */
export async function installCors(app: FastifyInstance, origins: string[]): Promise<void> {
  const allowed = new Set(origins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'X-Tenant-Id',
      'X-Request-Id',
      'Apollo-Require-Preflight',
      'X-Apollo-Operation-Name',
      'Apollographql-Client-Name',
      'Apollographql-Client-Version',
    ],
    exposedHeaders: ['X-Request-Id', 'Location', 'Retry-After', 'WWW-Authenticate'],
    maxAge: 600,
    strictPreflight: false,
  });
}
