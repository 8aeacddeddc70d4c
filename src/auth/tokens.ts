import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as jose from 'jose';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { Principal } from './permissions';

type KeyInput = Parameters<typeof jose.jwtVerify>[1];

/**
 * How long a verified token is answered from memory, at most (never past its `exp`). Checking a
 * signature is ~0.15 ms of a request's ~1 ms fixed cost, and clients send the same token again
 * and again. Kept short so a signing key withdrawn from a JWKS stops working within a minute.
 */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
const MAX_VERIFIED_TOKENS = 10_000;

/** Verifies bearer tokens with the configured key source (HS256 secret, JWKS URL or public key). */
export class TokenVerifier {
  /** Tokens verified lately, by their exact text; insertion order is age order. */
  private readonly verified = new Map<string, { principal: Principal; until: number }>();

  private constructor(
    private readonly key: KeyInput,
    private readonly options: jose.JWTVerifyOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** `clock` (epoch ms) is for tests; tokens are always checked against it, cached or not. */
  static async fromConfig(config: Config, devSecret?: string, clock: () => number = Date.now): Promise<TokenVerifier> {
    const { auth } = config;
    // A token without `exp` would be valid forever: refused (docs/api.md#start-up).
    const options: jose.JWTVerifyOptions = {
      issuer: auth.issuer,
      audience: auth.audience,
      clockTolerance: 5,
      requiredClaims: ['exp'],
    };
    if (auth.jwksUrl) return new TokenVerifier(jose.createRemoteJWKSet(new URL(auth.jwksUrl)), options, clock);
    if (auth.publicKey) {
      const pem = auth.publicKey.replace(/\\n/g, '\n');
      const key = crypto.createPublicKey(pem);
      return new TokenVerifier(key, options, clock);
    }
    const secret = auth.jwtSecret ?? devSecret;
    if (!secret) throw new Error('no token verification key configured');
    // A KeyObject made once: with raw bytes jose would import the key again for every token.
    return new TokenVerifier(
      crypto.createSecretKey(Buffer.from(secret, 'utf8')),
      { ...options, algorithms: ['HS256'] },
      clock,
    );
  }

  /** Verifies an `Authorization` header value; any problem is 401 UNAUTHENTICATED. */
  async verify(authorization: string | undefined): Promise<Principal> {
    if (!authorization) throw new AppError('UNAUTHENTICATED', 'A bearer token is required');
    const match = /^Bearer\s+([A-Za-z0-9_\-.]+)\s*$/i.exec(authorization);
    if (!match) throw new AppError('UNAUTHENTICATED', 'The Authorization header must be "Bearer <token>"');
    const token = match[1];
    const now = this.now();
    const hit = this.verified.get(token);
    if (hit && hit.until > now) return hit.principal;
    if (hit) this.verified.delete(token);
    let payload: jose.JWTPayload;
    try {
      ({ payload } = await jose.jwtVerify(token, this.key as never, { ...this.options, currentDate: new Date(now) }));
    } catch (err) {
      const expired = err instanceof jose.errors.JWTExpired;
      const noExpiry = err instanceof jose.errors.JWTClaimValidationFailed && err.claim === 'exp';
      throw new AppError(
        'UNAUTHENTICATED',
        expired ? 'The token has expired' : noExpiry ? 'The token has no expiry (exp)' : 'The token is invalid',
      );
    }
    const permissions = new Set<string>();
    if (Array.isArray(payload.permissions)) {
      for (const p of payload.permissions) if (typeof p === 'string') permissions.add(p);
    }
    if (typeof payload.scope === 'string') for (const p of payload.scope.split(' ')) if (p) permissions.add(p);
    const tenant = payload.tenant_id;
    const principal: Principal = Object.freeze({
      subject: typeof payload.sub === 'string' && payload.sub ? payload.sub : 'unknown',
      tenantId: typeof tenant === 'string' && tenant ? tenant : undefined,
      permissions,
    });
    this.remember(token, principal, payload, now);
    return principal;
  }

  /** Until the earlier of its expiry (no clock tolerance here) and the TTL. */
  private remember(token: string, principal: Principal, payload: jose.JWTPayload, now: number): void {
    const until = Math.min(now + VERIFIED_TOKEN_TTL_MS, (payload.exp ?? 0) * 1000);
    if (until <= now) return;
    if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { principal, until });
  }
}

/**
 * The development signing secret: made once and kept in the data directory, so tokens printed at
 * one start keep working after a restart. Only used when no AUTH_* setting exists (never in
 * production: config.ts refuses that).
 */
export function loadOrCreateDevSecret(dataDir: string): string {
  const file = path.join(dataDir, 'dev-jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return fs.readFileSync(file, 'utf8').trim();
  }
}

export async function mintToken(
  secret: string,
  claims: {
    sub: string;
    tenantId?: string;
    permissions: string[];
    expiresIn?: string;
    issuer?: string;
    audience?: string;
  },
): Promise<string> {
  let jwt = new jose.SignJWT({
    permissions: claims.permissions,
    ...(claims.tenantId ? { tenant_id: claims.tenantId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(claims.expiresIn ?? '30d');
  if (claims.issuer) jwt = jwt.setIssuer(claims.issuer);
  if (claims.audience) jwt = jwt.setAudience(claims.audience);
  return jwt.sign(new TextEncoder().encode(secret));
}
