/** The signed-in session: a token and a tenant, kept in this tab's sessionStorage. */
export interface Session {
  token: string;
  tenantId: string;
  /** True when it came from /console/dev-session. */
  dev?: boolean;
}

const KEY = 'hookgate.session';

export function loadSession(): Session | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Session;
    return typeof s.token === 'string' && typeof s.tenantId === 'string' ? s : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session | null): void {
  if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
  else sessionStorage.removeItem(KEY);
}

export function sessionHeaders(session: Session): Record<string, string> {
  return { Authorization: `Bearer ${session.token}`, 'X-Tenant-Id': session.tenantId };
}

/** The development session, when the server runs with development authentication; else null. */
export async function fetchDevSession(): Promise<Session | null> {
  try {
    const res = await fetch('/console/dev-session', { headers: { Accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as { token?: unknown; tenantId?: unknown };
    if (typeof body.token !== 'string' || typeof body.tenantId !== 'string') return null;
    return { token: body.token, tenantId: body.tenantId, dev: true };
  } catch {
    return null;
  }
}
