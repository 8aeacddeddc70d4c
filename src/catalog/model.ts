/** Shared vocabulary of the tenant catalogue (docs/api.md#catalog): entities, their fields and types. */
export const FIELD_TYPES = ['STRING', 'INTEGER', 'FLOAT', 'DECIMAL', 'BOOLEAN', 'TIMESTAMP', 'DATE', 'JSON'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A non-null value checked against its field's type (see field-values.ts for each type's form). */
export type FieldValue = string | number | boolean | object;

/** Names of entities, fields, metrics and views. */
export const CATALOG_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export interface FieldDefinition {
  name: string;
  type: FieldType;
}

export interface EntityDefinition {
  name: string;
  fields: FieldDefinition[];
  primaryKey: string;
  timeField: string | null;
  /** The physical table in the tenant's schema (quote it with src/db/sql.ts). */
  tableName: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Tables of the tenant schema that are not entities: an entity may not take these names.
 * Whoever adds a table to prisma/tenant/*.sql adds its name here.
 */
export const RESERVED_TABLE_NAMES: ReadonlySet<string> = new Set(['mutation_webhook_outbox', 'delivery_attempts']);

/** The PostgreSQL column type of each field type (one place, shared by DDL and casts). */
export const SQL_TYPES: Readonly<Record<FieldType, string>> = {
  STRING: 'text',
  INTEGER: 'bigint',
  FLOAT: 'double precision',
  DECIMAL: 'numeric',
  BOOLEAN: 'boolean',
  TIMESTAMP: 'timestamptz(3)',
  DATE: 'date',
  JSON: 'jsonb',
};

/** Field types a primary key may have: each has an exact text form, so a record id in a URL names one row. */
export const PRIMARY_KEY_TYPES: ReadonlySet<FieldType> = new Set(['STRING', 'INTEGER', 'DECIMAL', 'DATE', 'TIMESTAMP']);

/** Field types a time field may have. */
export const TIME_FIELD_TYPES: ReadonlySet<FieldType> = new Set(['TIMESTAMP', 'DATE']);

/** Most fields one entity may have (PostgreSQL allows 1600 columns; no entity needs that many). */
export const MAX_ENTITY_FIELDS = 200;
