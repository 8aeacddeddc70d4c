import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { isLoopbackHost } from '../config';
import { AppError } from '../errors';
import { errorResponses } from './openapi-schemas';

/** Where `npm run build` puts the console (the same depth from src/http and dist/http). */
const CONSOLE_DIST = path.resolve(__dirname, '../../console/dist');

export interface ConsoleRouteOptions {
  /** Present only while development authentication is active. */
  devSession?: () => Promise<{ token: string; tenantId: string }>;
  /** Overrides CONSOLE_DIST (tests). */
  distDir?: string;
}

const TAGS = ['Console'];

/** `Sec-Fetch-Site` values of a request the console's own page (or a person typing the URL) makes. */
const SAME_SITE_FETCH = new Set(['absent', 'same-origin', 'none']);

/**
 * Whether a `Host` header names this machine by a loopback name or address, with any port. A
 * page on another name that resolves to 127.0.0.1 (DNS rebinding) still sends its own name.
 */
function loopbackHostHeader(host: string | undefined): boolean {
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+))(?::[0-9]{1,5})?$/.exec(host ?? '');
  if (!m) return false;
  return m[1] !== undefined ? isIP(m[1]) === 6 && isLoopbackHost(m[1]) : isLoopbackHost(m[2]);
}
const redirect = (summary: string, operationId: string) => ({
  summary,
  operationId,
  tags: TAGS,
  security: [],
  response: { 302: { description: 'To /console/ (`Location`)', type: 'null' } },
});

/** OpenAPI descriptions of the routes below (documentation only: openapi.ts). */
const schemas = {
  root: redirect('Redirect to the console', 'rootRedirect'),
  console: redirect('Redirect to the console', 'consoleRedirect'),
  devSession: {
    summary: 'Development sign-in for the console',
    description:
      'Only while development authentication is active; otherwise 404. Only for a request to a loopback host ' +
      '(`localhost`, `127.0.0.1`, `[::1]`) that is not cross-site (`Sec-Fetch-Site`); otherwise 403. ' +
      'The token expires within 12 hours.',
    operationId: 'consoleDevSession',
    tags: TAGS,
    security: [],
    response: {
      200: {
        description: 'A tenant:admin token for tenant demo',
        type: 'object',
        required: ['token', 'tenantId'],
        additionalProperties: false,
        properties: { token: { type: 'string' }, tenantId: { type: 'string' } },
      },
      ...errorResponses('FORBIDDEN', 'NOT_FOUND'),
    },
  },
  page: {
    summary: 'A page or file of the console',
    description: 'Files built by `npm run build`; any other path is the console page (its router takes over).',
    operationId: 'consolePage',
    tags: TAGS,
    security: [],
    response: {
      200: {
        description: 'index.html, or a built file of its own type',
        content: { 'text/html': { schema: { type: 'string' } }, '*/*': { schema: {} } },
      },
      ...errorResponses('NOT_FOUND'),
    },
  },
};

/**
 * The web console: `/` → `/console/`, the built files under `/console/`, any other
 * path under `/console/` (a deep link such as /console/deliveries) answers index.html so the
 * console's router takes over, and `/console/dev-session` while development auth is on.
 */
export const consoleRoutes: FastifyPluginAsync<ConsoleRouteOptions> = async (app, opts) => {
  const root = opts.distDir ?? CONSOLE_DIST;
  // The build writes .br/.gz beside each file (console/vite.config.mts): sent as they are.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

  app.get('/', { schema: schemas.root }, async (_request, reply) => reply.redirect('/console/', 302));
  app.get('/console', { schema: schemas.console }, async (_request, reply) => reply.redirect('/console/', 302));

  // No CORS headers, ever: another origin must not read a development token.
  app.get('/console/dev-session', { schema: schemas.devSession, config: { cors: false } }, async (request, reply) => {
    if (!opts.devSession) return reply.callNotFound();
    if (!loopbackHostHeader(request.headers.host)) {
      throw new AppError(
        'FORBIDDEN',
        'The development session is only given to a loopback host (localhost, 127.0.0.1, [::1])',
      );
    }
    if (!SAME_SITE_FETCH.has(request.headers['sec-fetch-site'] ?? 'absent')) {
      throw new AppError('FORBIDDEN', 'The development session is not given to a cross-site request');
    }
    reply.header('Cache-Control', 'no-store');
    const { token, tenantId } = await opts.devSession();
    return { token, tenantId };
  });

  // Without this, the CORS plugin's catch-all OPTIONS route would answer a preflight for it.
  app.options('/console/dev-session', { config: { cors: false } }, async (_request, reply) => reply.callNotFound());

  app.get('/console/*', { schema: schemas.page }, async (request, reply) => {
    const wanted = (request.params as { '*': string })['*'];
    const index = path.join(root, 'index.html');
    if (!fs.existsSync(index)) {
      throw new AppError('NOT_FOUND', 'The console is not built: run `npm run build`');
    }
    const file = path.resolve(root, wanted);
    const inside = file.startsWith(root + path.sep);
    if (inside && wanted !== '' && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      // Vite names every asset by its content hash: they never change under the same name.
      const immutable = wanted.startsWith('assets/');
      return reply.sendFile(wanted, root, {
        cacheControl: true,
        immutable,
        maxAge: immutable ? 365 * 24 * 3600 * 1000 : 0,
      });
    }
    // A missing asset is a real 404; anything else is a page of the console.
    if (wanted.startsWith('assets/') || path.extname(wanted) !== '') return reply.callNotFound();
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', root, { cacheControl: false });
  });
};
