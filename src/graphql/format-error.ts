import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError, errorSummary, toAppError } from '../errors';
import type { Logger } from '../logger';

/** GraphQL document errors that are the client's own and keep Apollo's codes. */
const PASS_THROUGH = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_REQUEST',
]);

/**
 * Every GraphQL error leaves with the contract's code in extensions.code and nothing else
 * of the server's internals: no stack, no SQL, no echoed input values.
 */
export function createFormatError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    const base = { message: formatted.message, locations: formatted.locations, path: formatted.path };
    if (original instanceof AppError) {
      return {
        ...base,
        message: original.message,
        extensions: {
          code: original.code,
          ...(original.details?.length ? { details: original.details } : {}),
          ...(original.retryAfterSeconds !== undefined ? { retryAfterSeconds: original.retryAfterSeconds } : {}),
        },
      };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && PASS_THROUGH.has(code)) return { ...base, extensions: { code } };
    if (code === 'BAD_USER_INPUT') {
      // Variable coercion failures: the message names the variable and type, never a stack.
      return { ...base, extensions: { code: 'VALIDATION_FAILED' } };
    }
    const appErr = toAppError(original);
    logger.error({ error: errorSummary(original), code: appErr.code }, 'graphql resolver failed');
    return {
      message: appErr.message,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: appErr.code },
    };
  };
}
