import crypto from 'node:crypto';

/**
 * Who may read `/metrics`, in the API process and in a dispatcher-only process alike.
 * With METRICS_TOKEN set, only a caller presenting it as a bearer token, who sees every series;
 * without it, anyone, and the series that name a tenant are left out (tenant ids are not public).
 */
export function metricsAccess(
  authorization: string | undefined,
  token: string | undefined,
): 'denied' | 'all' | 'public' {
  if (token === undefined) return 'public';
  return bearerMatches(authorization, token) ? 'all' : 'denied';
}

export const METRICS_DENIED_MESSAGE = '/metrics requires Authorization: Bearer <METRICS_TOKEN>';

/** Prometheus text without the series that carry a tenant id (their HELP/TYPE lines stay). */
export function withoutTenantSeries(text: string): string {
  return text
    .split('\n')
    .filter((line) => line.startsWith('#') || !/[{,]tenant="/.test(line))
    .join('\n');
}

/** Constant-time comparison of an Authorization header with `Bearer <token>`. */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
  return crypto.timingSafeEqual(digest(given), digest(token));
}
