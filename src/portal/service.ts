import crypto from 'node:crypto';
import type { Principal, TenantContext } from '../auth/permissions';
import type { EntityService } from '../catalog/entity-service';
import type { Database } from '../db/database';
import { AppError, toAppError, validationError, type FieldError } from '../errors';
import { FieldReader, UUID_PATTERN } from '../validation';
import { isPortalAuthorization, portalUnavailable, type PortalTokens } from './tokens';

/** Bounds of a session (docs/api.md#portal-sessions). */
const PORTAL_LIMITS = {
  maxEntityNames: 50,
  minTtlSeconds: 60,
  maxTtlSeconds: 86_400,
  defaultTtlSeconds: 3600,
  maxTitleLength: 80,
} as const;

const OPERATIONS_ENTITY = '$operations';
const ACCENT_COLOR = /^#[0-9a-fA-F]{6}$/;

/** A session as its creator sees it, token included (shown only then). */
export interface CreatedPortalSession {
  id: string;
  url: string;
  token: string;
  expiresAt: Date;
  entityNames: string[];
  title: string | null;
  accentColor: string | null;
}

/** A session as its own portal token sees it. */
export interface PortalSessionInfo {
  id: string;
  tenantId: string;
  entityNames: string[];
  title: string | null;
  accentColor: string | null;
  expiresAt: Date;
}

interface SessionInput {
  entityNames: string[];
  ttlSeconds: number;
  title: string | null;
  accentColor: string | null;
}

const notFound = () => new AppError('PORTAL_SESSION_NOT_FOUND', 'Portal session not found');
const ended = () => new AppError('UNAUTHENTICATED', 'The portal session has ended');

/** Checks everything but the entities' existence (which needs the tenant's catalogue). */
function readSessionInput(body: unknown): SessionInput {
  const r = FieldReader.of(body);
  for (const key of Object.keys(body as object)) {
    if (!['entityNames', 'ttlSeconds', 'title', 'accentColor'].includes(key))
      r.fail(key, 'is not a field of a portal session');
  }
  const entityNames: string[] = [];
  const raw = r.raw('entityNames');
  if (raw === undefined || raw === null) r.fail('entityNames', 'is required');
  else if (!Array.isArray(raw)) r.fail('entityNames', 'must be an array of entity names');
  else if (raw.length < 1 || raw.length > PORTAL_LIMITS.maxEntityNames)
    r.fail('entityNames', `must name 1 to ${PORTAL_LIMITS.maxEntityNames} entities`);
  else {
    raw.forEach((name: unknown, i) => {
      const field = `entityNames[${i}]`;
      if (typeof name !== 'string' || name === '') r.fail(field, 'must be an entity name');
      else if (name === OPERATIONS_ENTITY) r.fail(field, 'operational events cannot be shown in a portal');
      else if (entityNames.includes(name)) r.fail(field, `names "${name.slice(0, 128)}" twice`);
      else entityNames.push(name);
    });
  }
  const ttlSeconds =
    r.integer('ttlSeconds', { min: PORTAL_LIMITS.minTtlSeconds, max: PORTAL_LIMITS.maxTtlSeconds }) ??
    PORTAL_LIMITS.defaultTtlSeconds;
  const title = r.string('title', { min: 1, max: PORTAL_LIMITS.maxTitleLength, nullable: true }) ?? null;
  const accentColor =
    r.string('accentColor', { pattern: ACCENT_COLOR, patternText: 'must be a colour #rrggbb', nullable: true }) ?? null;
  r.done();
  return { entityNames, ttlSeconds, title, accentColor };
}

interface SessionRow {
  id: string;
  tenant_id: string;
  entity_names: string[];
  title: string | null;
  accent_color: string | null;
  expires_at: Date;
  revoked_at: Date | null;
}

/**
 * Portal sessions: a tenant admin hands one of its customers a link that reaches that customer's
 * webhooks only (docs/api.md#portal). Each session is a row, so that it can end before its token
 * expires; every portal request reads that row by its primary key.
 */
export class PortalSessionService {
  constructor(
    private readonly db: Database,
    private readonly entities: Pick<EntityService, 'list'>,
    private readonly tokens: PortalTokens,
    /** PUBLIC_BASE_URL without a trailing slash; unset: the origin the creating request came to. */
    private readonly publicBaseUrl: string | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  async create(ctx: TenantContext, body: unknown, requestOrigin: string): Promise<CreatedPortalSession> {
    // Tokens of other portal sessions never make sessions (the route's permissions say so too).
    if (ctx.portal) throw new AppError('FORBIDDEN', 'A portal token cannot create portal sessions');
    if (!this.tokens.available) throw portalUnavailable();
    const input = readSessionInput(body);
    const known = new Set((await this.entities.list(ctx)).map((e) => e.name));
    const unknown: FieldError[] = input.entityNames.flatMap((name, i) =>
      known.has(name) ? [] : [{ field: `entityNames[${i}]`, message: `is not an entity of this tenant` }],
    );
    if (unknown.length) throw validationError(unknown);
    const id = crypto.randomUUID();
    const exp = Math.floor(this.now() / 1000) + input.ttlSeconds;
    const expiresAt = new Date(exp * 1000);
    const token = await this.tokens.sign({ sessionId: id, tenantId: ctx.tenantId, exp, ...input });
    await this.db.pool.query(
      `INSERT INTO portal_sessions (id, tenant_id, entity_names, title, accent_color, expires_at, created_by)
       VALUES ($1, $2, $3::text[], $4, $5, $6, $7)`,
      [id, ctx.tenantId, input.entityNames, input.title, input.accentColor, expiresAt, ctx.actor],
    );
    const base = this.publicBaseUrl ?? requestOrigin;
    return {
      id,
      url: `${base}/console/portal#token=${token}`,
      token,
      expiresAt,
      entityNames: input.entityNames,
      title: input.title,
      accentColor: input.accentColor,
    };
  }

  /** Ends a session at once; ending an ended one again is no error. Unknown or another tenant's: 404. */
  async revoke(ctx: TenantContext, id: string): Promise<void> {
    if (ctx.portal) throw new AppError('FORBIDDEN', 'A portal token cannot end portal sessions');
    if (!UUID_PATTERN.test(id)) throw notFound();
    const { rowCount } = await this.db.pool.query(
      `UPDATE portal_sessions SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1::uuid AND tenant_id = $2`,
      [id, ctx.tenantId],
    );
    if (!rowCount) throw notFound();
  }

  /** The calling portal token's own session. */
  async current(ctx: TenantContext): Promise<PortalSessionInfo> {
    if (!ctx.portal) throw new AppError('FORBIDDEN', 'Only a portal token has a portal session');
    const row = await this.row(ctx.portal.sessionId);
    if (!row) throw ended();
    return {
      id: row.id,
      tenantId: row.tenant_id,
      entityNames: row.entity_names,
      title: row.title,
      accentColor: row.accent_color,
      expiresAt: row.expires_at,
    };
  }

  /** Whether an Authorization header is this service's to verify (see authenticate). */
  handles(authorization: string | undefined): boolean {
    return isPortalAuthorization(authorization);
  }

  /**
   * The principal of a portal token: its signature and expiry, then its session's row (one look-up
   * by primary key: a revoked session ends with the next request, on every process).
   */
  async authenticate(authorization: string): Promise<Principal> {
    const token = /^Bearer\s+([A-Za-z0-9_\-.]+)\s*$/i.exec(authorization)![1];
    const claims = await this.tokens.verify(token);
    // An unreachable database is 503 here too, not a 401 that would end the portal page's session.
    const row = await this.row(claims.sessionId).catch((err: unknown) => {
      throw toAppError(err);
    });
    if (!row || row.tenant_id !== claims.tenantId) throw ended();
    return Object.freeze({
      subject: `portal:${row.id}`,
      tenantId: row.tenant_id,
      permissions: new Set<string>(),
      portal: Object.freeze({ sessionId: row.id, entityNames: Object.freeze([...row.entity_names]) }),
    });
  }

  /** The session's row while it lasts (not revoked, not expired), else undefined. */
  private async row(id: string): Promise<SessionRow | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const { rows } = await this.db.pool.query<SessionRow>(
      `SELECT id, tenant_id, entity_names, title, accent_color, expires_at, revoked_at
         FROM portal_sessions WHERE id = $1::uuid AND revoked_at IS NULL AND expires_at > $2`,
      [id, new Date(this.now())],
    );
    return rows[0];
  }
}
