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

function sessionHeaders(session: Session): Record<string, string> {
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

/**
 * `fetch` with the session's headers that, for a development session whose token the server
 * refused (401: development tokens last 12 hours), takes a new one from /console/dev-session,
 * keeps it in the tab and in `holder`, and sends the request once more with it.
 */
export function sessionFetch(holder: { session: Session }): typeof fetch {
  return async (input, init) => {
    const send = () => {
      const headers = new Headers(init?.headers);
      // Headers the caller set itself (GraphiQL's header editor) win over the session's.
      for (const [name, value] of Object.entries(sessionHeaders(holder.session)))
        if (!headers.has(name)) headers.set(name, value);
      return fetch(input, { ...init, headers });
    };
    const res = await send();
    if (res.status !== 401 || !holder.session.dev) return res;
    const renewed = await fetchDevSession();
    if (!renewed || renewed.tenantId !== holder.session.tenantId) return res;
    holder.session = renewed;
    saveSession(renewed);
    return send();
  };
}
