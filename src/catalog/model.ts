/** Shared vocabulary of the tenant catalogue (CONTRACT §7): entities, their fields and types. */
export const FIELD_TYPES = ['STRING', 'INTEGER', 'FLOAT', 'DECIMAL', 'BOOLEAN', 'TIMESTAMP', 'DATE', 'JSON'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

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
