/**
 * Runs a query compiled from the catalogue definition this process last saw, while the definition
 * is read again; the answer is used only when the fresh read has exactly the same content, else
 * the query is compiled from the fresh definition and run again. So every answer is what reading
 * the definition first and then running would give (a change made by anyone, another process
 * included, shows in the next answer), at the cost of one round trip instead of two: the read and
 * the query run side by side, on different connections.
 */
import { setNewest } from '../bounded-map';

/** Entries kept, per process: tenants × names in daily use fit; an evicted one only costs a round trip. */
const MAX_ENTRIES = 2_000;

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

const settle = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

const unwrap = <T>(s: Settled<T>): T => {
  if (s.ok) return s.value;
  throw s.error;
};

export class LastSeenDefinitions {
  private readonly entries = new Map<string, { definition: unknown; content: string }>();

  /**
   * `key` names the definition within one tenant's catalogue (the tenant is part of it); `read`
   * reads it fresh; `use` compiles and runs a query with it. `parallel` false (one database
   * session) reads first and runs once, as without this class.
   */
  async run<D, T>(
    key: string,
    parallel: boolean,
    read: () => Promise<D>,
    use: (definition: D) => Promise<T>,
  ): Promise<T> {
    const seen = parallel ? this.entries.get(key) : undefined;
    if (!seen) return use((await this.read(key, read)).definition);
    const speculative = settle(Promise.resolve().then(() => use(seen.definition as D)));
    const fresh = await this.read(key, read);
    if (fresh.content === seen.content) return unwrap(await speculative);
    return use(fresh.definition);
  }

  /** The definition last seen under `key` (with its content), if any; it may have changed since. */
  peek<D>(key: string): { definition: D; content: string } | undefined {
    return this.entries.get(key) as { definition: D; content: string } | undefined;
  }

  /** Reads `key` fresh, and keeps what it read for the next query. */
  reread<D>(key: string, read: () => Promise<D>): Promise<{ definition: D; content: string }> {
    return this.read(key, read);
  }

  private async read<D>(key: string, read: () => Promise<D>): Promise<{ definition: D; content: string }> {
    let definition: D;
    try {
      definition = await read();
    } catch (err) {
      this.entries.delete(key);
      throw err;
    }
    const content = JSON.stringify(definition);
    // An unchanged definition keeps its object, so what was parsed from it can be kept with it
    // (keyed by the object); frozen, since later requests compile from that very object.
    const kept = this.entries.get(key);
    const entry = (kept?.content === content ? kept : { definition: deepFreeze(definition), content }) as {
      definition: D;
      content: string;
    };
    setNewest(this.entries, key, entry, MAX_ENTRIES);
    return entry;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
