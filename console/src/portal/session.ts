/**
 * The portal's session: a token signed for a tenant's customer, handed over in the address's
 * fragment (`#token=…`, which a browser never sends to a server) and kept in this tab only.
 */
const KEY = 'hookgate.portal-token';

/** When the tab refuses storage (some framed pages), the token lives as long as the page. */
let inMemory: string | null = null;

function store(token: string | null): void {
  inMemory = token;
  try {
    if (token) sessionStorage.setItem(KEY, token);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Kept in memory only.
  }
}

/**
 * The token of the address's fragment, which then leaves the address bar (and so the history,
 * bookmarks and screenshots); without one, the token this tab kept.
 */
export function takePortalToken(): string | null {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const given = fragment.get('token');
  if (given) {
    store(given);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return given;
  }
  try {
    return sessionStorage.getItem(KEY) ?? inMemory;
  } catch {
    return inMemory;
  }
}

export function forgetPortalToken(): void {
  store(null);
}

/** What the API says of the token's session (GET /metadata/portal-session). */
export interface PortalInfo {
  tenantId: string;
  entityNames: string[];
  title: string | null;
  accentColor: string | null;
}

/** The session ended (expired or revoked): the API answered 401. */
export class PortalEnded extends Error {
  constructor() {
    super('This portal session has ended');
  }
}

const authorization = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function fetchPortalInfo(token: string): Promise<PortalInfo> {
  const res = await fetch('/metadata/portal-session', {
    headers: { ...authorization(token), Accept: 'application/json' },
  });
  if (res.status === 401) throw new PortalEnded();
  const body = (await res.json().catch(() => null)) as (Partial<PortalInfo> & { error?: { message?: unknown } }) | null;
  if (!res.ok || !body || !Array.isArray(body.entityNames) || typeof body.tenantId !== 'string') {
    // The API's error envelope says why (its message never carries a secret).
    const message = body?.error?.message;
    throw new Error(typeof message === 'string' ? message : `The portal session could not be read (${res.status})`);
  }
  return {
    tenantId: body.tenantId,
    entityNames: body.entityNames.filter((n): n is string => typeof n === 'string'),
    title: typeof body.title === 'string' ? body.title : null,
    accentColor: typeof body.accentColor === 'string' ? body.accentColor : null,
  };
}

/**
 * `fetch` with the portal token (the tenant comes from the token, so no X-Tenant-Id) that tells
 * `onEnded` when the API refuses the token: it expired or was revoked while the page was open.
 */
export function portalFetch(token: string, onEnded: () => void): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Authorization', `Bearer ${token}`);
    const res = await fetch(input, { ...init, headers });
    if (res.status === 401) onEnded();
    return res;
  };
}
