/**
 * Mints a development token: npm run token -- --tenant T --permissions tenant:admin,analytics:read [--sub NAME] [--expires 30d]
 * Signs with AUTH_JWT_SECRET when set, otherwise with the development secret in DATA_DIR
 * (the one `npm start` creates and verifies against).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { loadOrCreateDevSecret, mintToken } from '../src/auth/tokens';
import { TENANT_ID_PATTERN } from '../src/auth/permissions';

const KNOWN = ['admin', 'tenant:admin', 'internal', 'analytics:read', 'data:write'];

async function main() {
  const { values } = parseArgs({
    options: {
      tenant: { type: 'string', default: 'demo' },
      permissions: { type: 'string', default: 'tenant:admin' },
      sub: { type: 'string', default: 'dev-cli' },
      expires: { type: 'string', default: '30d' },
    },
  });
  const config = loadConfig();
  if (config.auth.jwksUrl || config.auth.publicKey) {
    throw new Error(
      'tokens for AUTH_JWKS_URL / AUTH_PUBLIC_KEY come from your identity provider, not from this script',
    );
  }
  if (!TENANT_ID_PATTERN.test(values.tenant!)) throw new Error('--tenant must match ^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$');
  const permissions = values
    .permissions!.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = permissions.filter((p) => !KNOWN.includes(p));
  if (unknown.length) throw new Error(`unknown permission(s): ${unknown.join(', ')}; known: ${KNOWN.join(', ')}`);
  const secret = config.auth.jwtSecret ?? loadOrCreateDevSecret(config.dataDir);
  const token = await mintToken(secret, {
    sub: values.sub!,
    tenantId: values.tenant,
    permissions,
    expiresIn: values.expires,
    issuer: config.auth.issuer,
    audience: config.auth.audience,
  });
  process.stdout.write(token + '\n');
}

main().catch((err) => {
  process.stderr.write(`token: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
