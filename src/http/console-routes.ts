import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../errors';
import { errorResponses } from './openapi-schemas';

/** Where `npm run build` puts the console (the same depth from src/http and dist/http). */
const CONSOLE_DIST = path.resolve(__dirname, '../../console/dist');

export interface ConsoleRouteOptions {
  /** Present only while development authentication is active (CONTRACT §2, §9). */
  devSession?: () => Promise<{ token: string; tenantId: string }>;
  /** Overrides CONSOLE_DIST (tests). */
  distDir?: string;
}

const TAGS = ['Console'];
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
    description: 'Only while development authentication is active (CONTRACT §2, §9); otherwise 404.',
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
      ...errorResponses('NOT_FOUND'),
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
 * The web console (CONTRACT §12): `/` → `/console/`, the built files under `/console/`, any other
 * path under `/console/` (a deep link such as /console/deliveries) answers index.html so the
 * console's router takes over, and `/console/dev-session` while development auth is on.
 */
export const consoleRoutes: FastifyPluginAsync<ConsoleRouteOptions> = async (app, opts) => {
  const root = opts.distDir ?? CONSOLE_DIST;
  await app.register(fastifyStatic, { root, serve: false });

  app.get('/', { schema: schemas.root }, async (_request, reply) => reply.redirect('/console/', 302));
  app.get('/console', { schema: schemas.console }, async (_request, reply) => reply.redirect('/console/', 302));

  app.get('/console/dev-session', { schema: schemas.devSession }, async (request, reply) => {
    if (!opts.devSession) return reply.callNotFound();
    reply.header('Cache-Control', 'no-store');
    const { token, tenantId } = await opts.devSession();
    return { token, tenantId };
  });

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
