import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { isPortalAuthorization, loadOrCreatePortalSecret, PortalTokens } from '../../src/portal/tokens';

const SECRET = 'a-portal-secret-of-at-least-32-bytes!!';
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const claims = {
  sessionId: '7d3f5f2e-4d0c-4d59-9a55-0d9f4c1f1a11',
  tenantId: 'acme',
  entityNames: ['orders', 'invoices'],
  title: 'Acme',
  accentColor: '#0a0B0c',
  exp: NOW / 1000 + 600,
};

const segment = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** An HS256 JWT made here with node:crypto alone, not by the code under test. */
function handMade(payload: object, secret = SECRET, header: object = { alg: 'HS256', typ: 'JWT' }): string {
  const body = `${segment(header)}.${segment(payload)}`;
  return `${body}.${crypto.createHmac('sha256', secret).update(body).digest('base64url')}`;
}
const portalPayload = {
  token_use: 'portal',
  iss: 'hookgate-portal',
  sub: `portal:${claims.sessionId}`,
  sid: claims.sessionId,
  tenant_id: 'acme',
  entity_names: ['orders'],
  exp: NOW / 1000 + 60,
};

describe('portal tokens', () => {
  const tokens = new PortalTokens(SECRET, () => NOW);

  it('signs HS256 with PORTAL_TOKEN_SECRET the claims the API and the portal pages read', async () => {
    const token = await tokens.sign(claims);
    const [header, payload, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(crypto.createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url')).toBe(signature);
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({
      ...portalPayload,
      entity_names: ['orders', 'invoices'],
      title: 'Acme',
      accent_color: '#0a0B0c',
      iat: NOW / 1000,
      exp: claims.exp,
    });
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('verifies a token made elsewhere with the same secret, title and colour left out', async () => {
    expect(await tokens.verify(handMade(portalPayload))).toEqual({
      sessionId: claims.sessionId,
      tenantId: 'acme',
      entityNames: ['orders'],
      title: null,
      accentColor: null,
      exp: portalPayload.exp,
    });
  });

  it('refuses expired, foreign, altered and incomplete tokens with 401 UNAUTHENTICATED', async () => {
    const bad = [
      handMade({ ...portalPayload, exp: NOW / 1000 - 1 }),
      handMade(portalPayload, 'another-secret-of-at-least-32-bytes-long'),
      handMade(portalPayload, SECRET, { alg: 'HS512', typ: 'JWT' }),
      `${segment({ alg: 'none', typ: 'JWT' })}.${segment(portalPayload)}.`,
      handMade({ ...portalPayload, iss: 'someone-else' }),
      handMade({ ...portalPayload, token_use: 'access' }),
      handMade({ ...portalPayload, exp: undefined }),
      handMade({ ...portalPayload, sid: undefined }),
      handMade({ ...portalPayload, tenant_id: 7 }),
      handMade({ ...portalPayload, entity_names: 'orders' }),
      handMade({ ...portalPayload, entity_names: ['orders', 1] }),
      'not.a.token',
    ];
    const altered = (await tokens.sign(claims)).split('.');
    altered[1] = segment({ ...portalPayload, entity_names: ['orders', 'invoices', 'refunds'] });
    bad.push(altered.join('.'));
    for (const token of bad) {
      await expect(tokens.verify(token), token).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    await expect(tokens.verify(handMade({ ...portalPayload, exp: NOW / 1000 - 1 }))).rejects.toThrow(/expired/);
  });

  it('answers 503 UNAVAILABLE naming PORTAL_TOKEN_SECRET without a secret', async () => {
    const none = new PortalTokens(undefined);
    expect(none.available).toBe(false);
    expect(() => none.sign(claims)).toThrow(/PORTAL_TOKEN_SECRET/);
    await expect(none.verify(handMade(portalPayload))).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('tells portal tokens from other bearer tokens by their marker alone', () => {
    expect(isPortalAuthorization(`Bearer ${handMade(portalPayload)}`)).toBe(true);
    expect(isPortalAuthorization(`bearer  ${handMade(portalPayload, 'forged-with-any-key')}`)).toBe(true);
    expect(isPortalAuthorization(`Bearer ${handMade({ sub: 'x', permissions: ['portal'] })}`)).toBe(false);
    expect(isPortalAuthorization('Bearer not-a-jwt')).toBe(false);
    expect(isPortalAuthorization(`Basic ${handMade(portalPayload)}`)).toBe(false);
    expect(isPortalAuthorization(undefined)).toBe(false);
  });

  it('keeps the generated development secret in DATA_DIR, owner-only, the same at every start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-secret-'));
    try {
      const first = loadOrCreatePortalSecret(path.join(dir, 'data'));
      expect(Buffer.byteLength(first)).toBeGreaterThanOrEqual(32);
      expect(loadOrCreatePortalSecret(path.join(dir, 'data'))).toBe(first);
      expect(fs.statSync(path.join(dir, 'data', 'portal-token-secret')).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('portal settings', () => {
  it('reads PORTAL_TOKEN_SECRET (at least 32 bytes) and PUBLIC_BASE_URL, refusing bad values by name', () => {
    expect(loadConfig({}).portal).toEqual({ tokenSecret: undefined, publicBaseUrl: undefined });
    expect(
      loadConfig({ PORTAL_TOKEN_SECRET: SECRET, PUBLIC_BASE_URL: 'https://hooks.example.com/base/' }).portal,
    ).toEqual({ tokenSecret: SECRET, publicBaseUrl: 'https://hooks.example.com/base' });
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://localhost:4000' }).portal.publicBaseUrl).toBe('http://localhost:4000');
    expect(() => loadConfig({ PORTAL_TOKEN_SECRET: 'x'.repeat(31) })).toThrow(ConfigError);
    expect(() => loadConfig({ PORTAL_TOKEN_SECRET: 'short' })).toThrow(/PORTAL_TOKEN_SECRET/);
    for (const bad of [
      'hooks.example.com',
      'ftp://hooks.example.com',
      'https://h.example.com/?a=1',
      'https://u:p@h.example.com',
    ]) {
      expect(() => loadConfig({ PUBLIC_BASE_URL: bad }), bad).toThrow(/PUBLIC_BASE_URL/);
    }
  });
});
