import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Text answers: JSON, HTML, CSS, JavaScript, Prometheus text, SVG. Event streams are never buffered. */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/](?:json|xml)(?:;|$)|\/javascript(?:;|$)/;

/**
 * Answers over 1 KiB go out compressed (`br` or `gzip`, as the client's Accept-Encoding allows);
 * the console's built files already are (`.br`/`.gz` beside them, console-routes.ts). Request
 * bodies are left alone: trigger intake signs the exact bytes it received.
 * Registered before any route: the plugin hooks each route as it is added.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}
