import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestSpan } from './model';
import { tracer } from './tracer';

/**
 * A span per API request (REST, GraphQL, intake), when tracing is on; with it off no hook is
 * added. The request's handling runs in the span's context twice over: from the first hook, and
 * again from preHandler, as the body arrives on the socket's own async context.
 */
export function installRequestTracing(app: FastifyInstance): void {
  const tracing = tracer.active;
  if (!tracing) return;
  const spans = new WeakMap<FastifyRequest, RequestSpan>();
  app.addHook('onRequest', (request, _reply, done) => {
    const span = tracing.startRequest(request.method, request.headers, request.id);
    spans.set(request, span);
    span.run(done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const span = spans.get(request);
    if (span) span.run(done);
    else done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    spans.get(request)?.end(request.routeOptions.url, reply.statusCode);
    spans.delete(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    spans.get(request)?.end(request.routeOptions.url, 499, true);
    spans.delete(request);
    done();
  });
}
