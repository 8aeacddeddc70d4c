import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import * as jose from 'jose';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { authorizeTenant, type Principal } from '../../src/auth/permissions';
import { TokenVerifier, VERIFIED_TOKEN_TTL_MS } from '../../src/auth/tokens';
import { ConfigError, loadConfig } from '../../src/config';
import { AppError } from '../../src/errors';
import { REDACT_PATHS } from '../../src/logger';
import { tenantSchemaName } from '../../src/db/tenant-schema';

const principal = (permissions: string[], tenantId?: string): Principal => ({
  subject: 'u',
  tenantId,
  permissions: new Set(permissions),
});
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (err) {
    return (err as AppError).code;
  }
};

describe('authorizeTenant', () => {
  it('orders 401, 400, 403 and binds tenant-scoped permissions to the token tenant', () => {
    expect(codeOf(() => authorizeTenant(undefined, 'a', ['tenant:admin']))).toBe('UNAUTHENTICATED');
    expect(codeOf(() => authorizeTenant(principal(['tenant:admin'], 'a'), undefined, ['tenant:admin']))).toBe(
      'TENANT_REQUIRED',
    );
    expect(codeOf(() => authorizeTenant(principal(['tenant:admin'], 'a'), 'a b', ['tenant:admin']))).toBe(
      'VALIDATION_FAILED',
    );
    expect(codeOf(() => authorizeTenant(principal(['tenant:admin'], 'a'), 'x'.repeat(64), ['tenant:admin']))).toBe(
      'VALIDATION_FAILED',
    );
    expect(codeOf(() => authorizeTenant(principal(['tenant:admin'], 'a'), 'a', ['tenant:admin']))).toBe('ok');
    expect(codeOf(() => authorizeTenant(principal(['tenant:admin'], 'a'), 'b', ['tenant:admin']))).toBe('FORBIDDEN');
    expect(codeOf(() => authorizeTenant(principal(['admin']), 'b', ['tenant:admin', 'admin']))).toBe('ok');
    expect(codeOf(() => authorizeTenant(principal(['internal']), 'b', ['tenant:admin', 'admin', 'internal']))).toBe(
      'ok',
    );
    expect(codeOf(() => authorizeTenant(principal(['internal']), 'b', ['tenant:admin', 'admin']))).toBe('FORBIDDEN');
    expect(
      codeOf(() =>
        authorizeTenant(principal(['analytics:read'], 'a'), 'a', ['analytics:read', 'tenant:admin', 'admin']),
      ),
    ).toBe('ok');
    expect(codeOf(() => authorizeTenant(principal(['analytics:read']), 'a', ['analytics:read']))).toBe('FORBIDDEN');
  });
});

describe('TokenVerifier', () => {
  it('verifies RS256 tokens with AUTH_PUBLIC_KEY and enforces issuer and audience', async () => {
    const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const config = loadConfig({
      AUTH_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      AUTH_ISSUER: 'https://idp.test',
      AUTH_AUDIENCE: 'hookgate',
    });
    const verifier = await TokenVerifier.fromConfig(config);
    const sign = (claims: jose.JWTPayload) =>
      new jose.SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256' })
        .setSubject('alice')
        .setExpirationTime('5m')
        .sign(privateKey);
    const good = await sign({
      iss: 'https://idp.test',
      aud: 'hookgate',
      tenant_id: 'acme',
      permissions: ['tenant:admin'],
    });
    expect(await verifier.verify(`Bearer ${good}`)).toEqual({
      subject: 'alice',
      tenantId: 'acme',
      permissions: new Set(['tenant:admin']),
    });
    const wrongAudience = await sign({ iss: 'https://idp.test', aud: 'other' });
    await expect(verifier.verify(`Bearer ${wrongAudience}`)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    const hsToken = await new jose.SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(32)));
    await expect(verifier.verify(`Bearer ${hsToken}`)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses an unsigned (alg none) token', async () => {
    const verifier = await TokenVerifier.fromConfig(loadConfig({ AUTH_JWT_SECRET: 's'.repeat(40) }));
    const none = new jose.UnsecuredJWT({ permissions: ['admin'] }).setSubject('x').encode();
    await expect(verifier.verify(`Bearer ${none}`)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('answers a token it verified lately from memory, never past its expiry or the TTL', async () => {
    const secret = 's'.repeat(40);
    let now = Date.now();
    const verifier = await TokenVerifier.fromConfig(loadConfig({ AUTH_JWT_SECRET: secret }), undefined, () => now);
    const key = new TextEncoder().encode(secret);
    const sign = (exp: number) =>
      new jose.SignJWT({ tenant_id: 'acme', permissions: ['tenant:admin'] })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('bob')
        .setExpirationTime(exp)
        .sign(key);

    const shortLived = await sign(Math.floor(now / 1000) + 30);
    const first = await verifier.verify(`Bearer ${shortLived}`);
    expect(first).toEqual({ subject: 'bob', tenantId: 'acme', permissions: new Set(['tenant:admin']) });
    now += 10_000;
    expect(await verifier.verify(`Bearer ${shortLived}`)).toBe(first);
    // A different text is never a hit: one changed signature character is checked, and refused.
    const tampered = shortLived.slice(0, -2) + (shortLived.endsWith('AA') ? 'BB' : 'AA');
    await expect(verifier.verify(`Bearer ${tampered}`)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    // Past its exp (and jose's 5 s tolerance) the remembered answer is gone: refused as expired.
    now += 30_000;
    await expect(verifier.verify(`Bearer ${shortLived}`)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'The token has expired',
    });

    const longLived = await sign(Math.floor(now / 1000) + 3600);
    const a = await verifier.verify(`Bearer ${longLived}`);
    now += VERIFIED_TOKEN_TTL_MS - 1;
    expect(await verifier.verify(`Bearer ${longLived}`)).toBe(a);
    now += 2;
    const b = await verifier.verify(`Bearer ${longLived}`);
    expect(b).not.toBe(a);
    expect(b).toEqual(a);
  });
});

describe('config', () => {
  it('applies defaults and refuses bad values with a clear message', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      dispatcher: true,
      webhookHeaderPrefix: 'Hookgate',
      webhookAllowPrivateTargets: true,
      graphqlIntrospection: true,
      databaseUrl: undefined,
    });
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    const keys = { AUTH_JWT_SECRET: 'p'.repeat(32), SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') };
    expect(loadConfig({ NODE_ENV: 'production', ...keys }).webhookAllowPrivateTargets).toBe(false);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DISPATCHER: 'maybe' })).toThrow(/DISPATCHER/);
    expect(() => loadConfig({ AUTH_JWT_SECRET: 'short' })).toThrow(/32/);
    expect(loadConfig({ GRAPHQL_INTROSPECTION: 'false' }).graphqlIntrospection).toBe(false);
    expect(c).toMatchObject({ rateLimitPerMinute: 0 });
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '120' })).toMatchObject({
      rateLimitPerMinute: 120,
      rateLimitBurst: 120,
    });
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '120', RATE_LIMIT_BURST: '10' })).toMatchObject({
      rateLimitPerMinute: 120,
      rateLimitBurst: 10,
    });
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ RATE_LIMIT_BURST: '0' })).toThrow(/RATE_LIMIT_BURST/);
  });
});

describe('logging', () => {
  it('redacts authorization headers and secrets', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(chunk.toString()), done()) });
    const logger = pino({ redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink);
    logger.info(
      { req: { headers: { authorization: 'Bearer abc.def.ghi' } }, config: { secret: 'hush' }, secret: 'top' },
      'x',
    );
    expect(lines.join('')).not.toMatch(/abc\.def\.ghi|hush|top/);
  });
});

describe('tenantSchemaName', () => {
  it('gives distinct, valid names to ids that differ only in case or punctuation', () => {
    const ids = ['acme', 'ACME', 'ac-me', 'ac_me', 'a'.repeat(63)];
    const names = ids.map(tenantSchemaName);
    expect(new Set(names).size).toBe(ids.length);
    for (const n of names) expect(n).toMatch(/^[a-z0-9_]{1,63}$/);
  });
});
