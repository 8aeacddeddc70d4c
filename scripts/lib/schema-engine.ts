import fs from 'node:fs';
import path from 'node:path';

/**
 * The SQL `prisma migrate diff --from-empty --to-schema prisma/schema.prisma --script` would print,
 * computed with Prisma's schema engine compiled to WebAssembly (the native engine cannot be
 * downloaded on these machines). A diff from "empty" to a datamodel reads no database; the engine
 * still wants a driver adapter, so it gets one for `connectionString` that it never queries.
 */
export async function diffEmptyToSchema(schemaPath: string, connectionString: string): Promise<string> {
  const dir = path.dirname(require.resolve('@prisma/schema-engine-wasm'));
  // Node 20 cannot import a .wasm module, so it is instantiated by hand with the JS glue as imports.
  const glue = await import(path.join(dir, 'schema_engine_bg.js'));
  const wasm = (
    globalThis as unknown as {
      WebAssembly: { instantiate(b: Buffer, i: object): Promise<{ instance: { exports: object } }> };
    }
  ).WebAssembly;
  const { instance } = await wasm.instantiate(fs.readFileSync(path.join(dir, 'schema_engine_bg.wasm')), {
    './schema_engine_bg.js': glue,
  });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  const { PrismaPg } = await import('@prisma/adapter-pg');
  const { bindMigrationAwareSqlAdapterFactory } = await import('@prisma/driver-adapter-utils');
  const content = fs.readFileSync(schemaPath, 'utf8');
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString, max: 1, idleTimeoutMillis: 1 }));
  const engine = await glue.SchemaEngine.new(
    { datamodels: [[path.basename(schemaPath), content]] },
    () => undefined,
    adapter,
  );
  try {
    const result = await engine.diff({
      from: { tag: 'empty' },
      to: { tag: 'schemaDatamodel', files: [{ path: path.basename(schemaPath), content }] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    return result.stdout ?? '';
  } finally {
    engine.free?.();
  }
}
