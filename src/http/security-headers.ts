import type { FastifyInstance } from 'fastify';

/**
 * The headers of a console or documentation document: everything from this origin only, never
 * framed but by `frameAncestors` (a CSP source list: `'none'`, or origins), no content-type
 * guessing, and no Referer that would carry a path to another site. `inlineStyles`: the page's
 * library adds <style> elements of its own (Swagger UI); inline scripts stay refused everywhere.
 */
function documentSecurityHeaders(
  frameAncestors = "'none'",
  { inlineStyles = false }: { inlineStyles?: boolean } = {},
): Record<string, string> {
  const policy = [
    "default-src 'self'",
    // data: is inline content, not another origin: the console's empty favicon, Swagger UI's
    // icons, and the fonts GraphiQL's and Swagger UI's stylesheets carry.
    "img-src 'self' data:",
    "font-src 'self' data:",
    ...(inlineStyles ? ["style-src 'self' 'unsafe-inline'"] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ];
  return {
    'Content-Security-Policy': policy.join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}

const CONSOLE = /^\/console(?:[/?#]|$)/;
const PORTAL = /^\/console\/portal(?:[/?#]|$)/;
const DOCS = /^\/docs(?:[/?#]|$)/;

/**
 * Every answer under /console and /docs (pages, their files and errors) carries the headers above.
 * The portal pages may be framed by `portalFrameAncestors` (origins checked at start, config.ts).
 */
export function installDocumentSecurityHeaders(app: FastifyInstance, portalFrameAncestors: string[] = []): void {
  const consoleHeaders = documentSecurityHeaders();
  const portalHeaders = documentSecurityHeaders(portalFrameAncestors.join(' ') || "'none'");
  const docsHeaders = documentSecurityHeaders("'none'", { inlineStyles: true });
  app.addHook('onRequest', async (request, reply) => {
    if (PORTAL.test(request.url)) reply.headers(portalHeaders);
    else if (CONSOLE.test(request.url)) reply.headers(consoleHeaders);
    else if (DOCS.test(request.url)) reply.headers(docsHeaders);
  });
}
