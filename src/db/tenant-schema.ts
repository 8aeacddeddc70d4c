import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { quoteIdent } from './sql';

const TENANT_DDL_DIR = path.resolve(__dirname, '../../prisma/tenant');

/**
 * The PostgreSQL schema that holds a tenant's tables. Tenant ids may hold capitals and dashes and
 * be 63 characters long, so the name is a readable, lower-cased prefix plus a hash of the exact
 * id: distinct ids never share a schema, and the name always fits PostgreSQL's 63-byte limit.
 */
export function tenantSchemaName(tenantId: string): string {
  const readable = tenantId
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 40);
  const hash = crypto.createHash('sha256').update(tenantId).digest('hex').slice(0, 12);
  return `t_${readable}_${hash}`;
}

interface TenantDdl {
  version: number;
  name: string;
  sql: string;
}

/** A version's SQL for one tenant's schema: its `{{schema}}` placeholders as the quoted schema name. */
export function tenantDdlSql(step: TenantDdl, schema: string): string {
  return step.sql.replaceAll('{{schema}}', quoteIdent(schema));
}

export function readTenantDdl(dir = TENANT_DDL_DIR): TenantDdl[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({
      version: Number(f.slice(0, 3)),
      name: f.slice(4, -4),
      sql: fs.readFileSync(path.join(dir, f), 'utf8'),
    }));
}

/**
 * Creates a tenant's schema on its first use and keeps it at the latest version of
 * prisma/tenant/*.sql: one transaction per version under a per-tenant advisory lock, so
 * concurrent first requests (or processes) apply each version exactly once.
 */
export class TenantSchemas {
  private readonly ready = new Map<string, Promise<string>>();
  private readonly ddl = readTenantDdl();

  constructor(private readonly pool: pg.Pool) {}

  get latestVersion(): number {
    return this.ddl.length ? this.ddl[this.ddl.length - 1].version : 0;
  }

  /** Returns the tenant's schema name once its tables exist. */
  ensure(tenantId: string): Promise<string> {
    let pending = this.ready.get(tenantId);
    if (!pending) {
      pending = this.provision(tenantId);
      this.ready.set(tenantId, pending);
      // A failure (say, the database restarting) must not be cached: the next call tries again.
      pending.catch(() => this.ready.delete(tenantId));
    }
    return pending;
  }

  /**
   * Brings an existing tenant's schema to the latest version, and never creates one: for the
   * dispatcher, which reaches tenants through their due hints, and whose statements may use what
   * a version newer than the tenant's last API request added. One look-up per tenant and process.
   */
  async upgradeExisting(tenantId: string): Promise<string> {
    const pending = this.ready.get(tenantId);
    if (pending) return pending;
    if ((await this.appliedVersion(tenantId)) === 0) return tenantSchemaName(tenantId);
    return this.ensure(tenantId);
  }

  private async appliedVersion(tenantId: string): Promise<number> {
    const { rows } = await this.pool.query<{ version: number }>(
      'SELECT COALESCE(MAX(version), 0) AS version FROM tenant_schema_migrations WHERE tenant_id = $1',
      [tenantId],
    );
    return rows[0].version;
  }

  /** Tenants whose schema exists, with their schema names (for the dispatcher and operators). */
  async listTenants(): Promise<Array<{ tenantId: string; schemaName: string }>> {
    const { rows } = await this.pool.query<{ id: string; schema_name: string }>(
      'SELECT id, schema_name FROM tenants ORDER BY id',
    );
    return rows.map((r) => ({ tenantId: r.id, schemaName: r.schema_name }));
  }

  private async provision(tenantId: string): Promise<string> {
    const schema = tenantSchemaName(tenantId);
    if ((await this.appliedVersion(tenantId)) >= this.latestVersion) return schema;
    const client = await this.pool.connect();
    try {
      for (const step of this.ddl) {
        await client.query('BEGIN');
        try {
          await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`hookgate.tenant:${tenantId}`]);
          const done = await client.query(
            'SELECT 1 FROM tenant_schema_migrations WHERE tenant_id = $1 AND version = $2',
            [tenantId, step.version],
          );
          if (done.rowCount === 0) {
            if (step.version === this.ddl[0].version) {
              await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
              await client.query('INSERT INTO tenants (id, schema_name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [
                tenantId,
                schema,
              ]);
            }
            await client.query(tenantDdlSql(step, schema));
            await client.query('INSERT INTO tenant_schema_migrations (tenant_id, version, name) VALUES ($1, $2, $3)', [
              tenantId,
              step.version,
              step.name,
            ]);
          }
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
      }
    } finally {
      client.release();
    }
    return schema;
  }
}
