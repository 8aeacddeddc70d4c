import type { FastifyInstance } from 'fastify';

/**
 * Fastify's own JSON parser (with its prototype-poisoning protection), except that an empty body
 * is no body: many clients and gateways send `Content-Type: application/json` on every request,
 * DELETE and GET included. A route that needs a body still refuses a missing one itself (400).
 */
export function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}
