import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../errors';

/** Where `npm run build` puts the console (the same depth from src/http and dist/http). */
const CONSOLE_DIST = path.resolve(__dirname, '../../console/dist');

export interface ConsoleRouteOptions {
  /** Present only while development authentication is active (CONTRACT §2, §9). */
  devSession?: () => Promise<{ token: string; tenantId: string }>;
  /** Overrides CONSOLE_DIST (tests). */
  distDir?: string;
}

/**
 * The web console (CONTRACT §12): `/` → `/console/`, the built files under `/console/`, any other
 * path under `/console/` (a deep link such as /console/deliveries) answers index.html so the
 * console's router takes over, and `/console/dev-session` while development auth is on.
 */
export const consoleRoutes: FastifyPluginAsync<ConsoleRouteOptions> = async (app, opts) => {
  const root = opts.distDir ?? CONSOLE_DIST;
  await app.register(fastifyStatic, { root, serve: false });

  app.get('/', async (_request, reply) => reply.redirect('/console/', 302));
  app.get('/console', async (_request, reply) => reply.redirect('/console/', 302));

  app.get('/console/dev-session', async (request, reply) => {
    if (!opts.devSession) return reply.callNotFound();
    reply.header('Cache-Control', 'no-store');
    const { token, tenantId } = await opts.devSession();
    return { token, tenantId };
  });

  app.get('/console/*', async (request, reply) => {
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
