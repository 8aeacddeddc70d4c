import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as jose from 'jose';
import { AppError } from '../errors';

/** Marks a portal token among bearer tokens: the claim `token_use`. */
const PORTAL_TOKEN_USE = 'portal';
const ISSUER = 'hookgate-portal';
/** PORTAL_TOKEN_SECRET's least length: an HS256 key shorter than its hash is guessable sooner. */
const PORTAL_SECRET_MIN_BYTES = 32;

/** What a portal token says (docs/api.md#portal-tokens). */
export interface PortalClaims {
  sessionId: string;
  tenantId: string;
  entityNames: string[];
  title: string | null;
  accentColor: string | null;
  /** Seconds since the epoch. */
  exp: number;
}

/**
 * True when an `Authorization` value carries a portal token. Read without verifying: it only
 * decides which key verifies the token, and a forged marker then fails that verification.
 */
export function isPortalAuthorization(authorization: string | undefined): boolean {
  const match = authorization ? /^Bearer\s+([A-Za-z0-9_\-.]+)\s*$/i.exec(authorization) : null;
  if (!match) return false;
  try {
    return jose.decodeJwt(match[1]).token_use === PORTAL_TOKEN_USE;
  } catch {
    return false;
  }
}

export const portalUnavailable = () =>
  new AppError(
    'UNAVAILABLE',
    `Portal sessions are not available: PORTAL_TOKEN_SECRET is not set (at least ${PORTAL_SECRET_MIN_BYTES} bytes)`,
  );

/** Signs and verifies portal tokens with PORTAL_TOKEN_SECRET (HS256). */
export class PortalTokens {
  private readonly key: crypto.KeyObject | undefined;

  constructor(
    secret: string | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.key = secret ? crypto.createSecretKey(Buffer.from(secret, 'utf8')) : undefined;
  }

  get available(): boolean {
    return this.key !== undefined;
  }

  sign(claims: PortalClaims): Promise<string> {
    if (!this.key) throw portalUnavailable();
    return new jose.SignJWT({
      token_use: PORTAL_TOKEN_USE,
      sid: claims.sessionId,
      tenant_id: claims.tenantId,
      entity_names: claims.entityNames,
      ...(claims.title !== null ? { title: claims.title } : {}),
      ...(claims.accentColor !== null ? { accent_color: claims.accentColor } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(`portal:${claims.sessionId}`)
      .setIssuedAt(Math.floor(this.now() / 1000))
      .setExpirationTime(claims.exp)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired portal token; anything else is 401 UNAUTHENTICATED. */
  async verify(token: string): Promise<PortalClaims> {
    if (!this.key) throw portalUnavailable();
    let payload: jose.JWTPayload;
    try {
      ({ payload } = await jose.jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        requiredClaims: ['exp', 'sid', 'tenant_id', 'entity_names'],
        currentDate: new Date(this.now()),
      }));
    } catch (err) {
      throw new AppError(
        'UNAUTHENTICATED',
        err instanceof jose.errors.JWTExpired ? 'The portal session has expired' : 'The portal token is invalid',
      );
    }
    const { sid, tenant_id: tenantId, entity_names: names, title, accent_color: accent } = payload;
    if (
      payload.token_use !== PORTAL_TOKEN_USE ||
      typeof sid !== 'string' ||
      typeof tenantId !== 'string' ||
      !Array.isArray(names) ||
      !names.every((n) => typeof n === 'string')
    ) {
      throw new AppError('UNAUTHENTICATED', 'The portal token is invalid');
    }
    return {
      sessionId: sid,
      tenantId,
      entityNames: names as string[],
      title: typeof title === 'string' ? title : null,
      accentColor: typeof accent === 'string' ? accent : null,
      exp: payload.exp!,
    };
  }
}

/**
 * The embedded database's generated portal secret, kept in DATA_DIR readable by the server's
 * user only (like the development signing secret): portal links stay valid across restarts.
 */
export function loadOrCreatePortalSecret(dataDir: string): string {
  const file = path.join(dataDir, 'portal-token-secret');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Made at an earlier start, or by another process just now: theirs is kept.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return fs.readFileSync(file, 'utf8').trim();
}
