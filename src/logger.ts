import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Paths that could carry a credential. Pino removes them before a line is written, so no
 * Authorization header, signing secret or token reaches a log line.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  'secret',
  'webhookSecret',
  '*.secret',
  '*.webhookSecret',
  '*.password',
  'token',
  '*.token',
];

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: 'hookgate' },
  });
}
