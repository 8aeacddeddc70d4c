/**
 * The ids operators see for outbox records (docs/api.md#outbox-records): unique across tenants, opaque.
 * Inside, a record's id is a counter of its tenant's outbox table, so record 1 of one tenant and
 * record 1 of another would collide in a client's cache (Apollo Client merged them); the public id
 * carries the tenant too. Decoding checks the tenant, so another tenant's id is simply not found.
 */

const PREFIX = 'ob_';
// The table's id column is a bigint: anything past it cannot exist.
const MAX_ID = 9_223_372_036_854_775_807n;
const DIGITS = /^[1-9][0-9]{0,18}$/;

export function encodeRecordId(tenantId: string, id: string): string {
  return PREFIX + Buffer.from(`${tenantId}/${id}`, 'utf8').toString('base64url');
}

/** The table id behind `publicId` when it is one of `tenantId`'s; otherwise null (answered as not found). */
export function decodeRecordId(tenantId: string, publicId: string): string | null {
  if (!publicId.startsWith(PREFIX) || publicId.length > 200) return null;
  const text = Buffer.from(publicId.slice(PREFIX.length), 'base64url').toString('utf8');
  const slash = text.lastIndexOf('/');
  if (slash < 0 || text.slice(0, slash) !== tenantId) return null;
  const id = text.slice(slash + 1);
  if (!DIGITS.test(id) || BigInt(id) > MAX_ID) return null;
  // Base64url has several spellings of one text (padding bits): only the canonical one is an id.
  return encodeRecordId(tenantId, id) === publicId ? id : null;
}
