import type { Logger } from '../logger';
import { retryAfterSeconds, sliceSize, waitMs, type LeaseResult } from './gcra';
import type { RequestLimiter } from './limiter';
import type { LeaseStore } from './pg-lease-store';
import { RateLimiter } from './token-bucket';

export interface SharedLimiterOptions {
  perMinute: number;
  burst: number;
  store: LeaseStore;
  /** Names this limit's keys in the shared table ('api:', 'intake:'). */
  prefix: string;
  logger?: Logger;
  /** The local clock (ms); the shared bucket runs on the database's. */
  now?: () => number;
  /** Tokens leased at once (default sliceSize). */
  slice?: number;
  /** Leased tokens unused this long go back to the shared bucket (default 1000 ms). */
  leaseMs?: number;
  /**
   * A lease not answered within this fails open (default 5000 ms): long enough for a new
   * connection on a busy machine, which must not count as an outage.
   */
  timeoutMs?: number;
  /** After a failed lease, this process counts alone for this long (default 5000 ms). */
  degradedMs?: number;
}

/**
 * A limit that holds across every process of one database. The budget of each key is one GCRA
 * bucket in the table rate_limit_buckets; a process leases a slice of it in one statement, serves
 * requests from the slice without the database, and gives back what it has not used once the slice
 * is `leaseMs` old. Every served request was granted by the shared bucket, so N processes together
 * serve at most what one process would; a process that dies takes its unused slice with it (the
 * others serve a little less until the bucket refills). A refusal is remembered for up to
 * `leaseMs`, so a flood of refused requests costs one statement per key and period, not one each.
 *
 * Fails open: when a lease fails or takes longer than `timeoutMs`, this process counts in its own
 * bucket (the limit of one process) for `degradedMs`, then tries the database again.
 */
export class SharedRateLimiter implements RequestLimiter {
  readonly perMinute: number;
  /** Statements sent (the bench reads them). */
  readonly statements = { leases: 0, giveBacks: 0 };
  private readonly burst: number;
  private readonly msPerToken: number;
  private readonly slice: number;
  private readonly leaseMs: number;
  private readonly timeoutMs: number;
  private readonly degradedMs: number;
  private readonly now: () => number;
  private readonly fallback: RateLimiter;
  private readonly held = new Map<string, { tokens: number; expiresAt: number }>();
  /** The shared bucket's `available` tokens at local time `at`, after a refusal. */
  private readonly denied = new Map<string, { available: number; at: number }>();
  private readonly inflight = new Map<string, Promise<number | undefined>>();
  private degradedUntil = 0;
  private nextPrune = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly opts: SharedLimiterOptions) {
    this.perMinute = opts.perMinute;
    this.burst = opts.burst;
    this.msPerToken = 60_000 / opts.perMinute;
    this.slice = opts.slice ?? sliceSize(opts.perMinute, opts.burst);
    this.leaseMs = opts.leaseMs ?? 1000;
    this.timeoutMs = opts.timeoutMs ?? 5000;
    this.degradedMs = opts.degradedMs ?? 5000;
    this.now = opts.now ?? Date.now;
    this.fallback = new RateLimiter(opts.perMinute, opts.burst, this.now);
    this.timer = setInterval(() => this.sweep(), this.leaseMs);
    this.timer.unref();
  }

  take(key: string, cost = 1): number | Promise<number> {
    return this.local(key, cost) ?? this.acquire(key, cost);
  }

  /** Stops the sweep and gives every unused token back. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    const returns = [...this.held].map(([key, h]) => this.returned(key, h.tokens));
    this.held.clear();
    await this.giveBack(returns);
  }

  /** The answer this process can give alone, or undefined when it needs a lease. */
  private local(key: string, cost: number): number | undefined {
    const now = this.now();
    if (now < this.degradedUntil) return this.fallback.take(key, cost);
    if (this.spendHeld(key, cost)) return 0;
    const have = this.held.get(key)?.tokens ?? 0;
    const denied = this.denied.get(key);
    if (denied) {
      // Trusted for one lease period at most: tokens other processes give back show within it.
      const wait = waitMs(denied.available, Math.min(cost - have, this.burst), this.msPerToken, now - denied.at);
      if (wait > 0 && now - denied.at < this.leaseMs) return retryAfterSeconds(wait);
      this.denied.delete(key);
    }
    return undefined;
  }

  /** One lease per key at a time: requests that arrive meanwhile wait for it, then look again. */
  private async acquire(key: string, cost: number): Promise<number> {
    for (;;) {
      const pending = this.inflight.get(key);
      if (pending) {
        await pending;
      } else {
        const lease = this.lease(key, cost);
        this.inflight.set(key, lease);
        let answer: number | undefined;
        try {
          answer = await lease;
        } finally {
          if (this.inflight.get(key) === lease) this.inflight.delete(key);
        }
        if (answer !== undefined) return answer;
      }
      const answer = this.local(key, cost);
      if (answer !== undefined) return answer;
    }
  }

  /** Leases what `cost` lacks (or a slice) and takes `cost`; undefined when others took the slice first. */
  private async lease(key: string, cost: number): Promise<number | undefined> {
    const need = cost - (this.held.get(key)?.tokens ?? 0);
    const request = {
      need,
      atLeast: Math.min(need, this.burst),
      want: Math.max(need, this.slice),
      msPerToken: this.msPerToken,
      burst: this.burst,
    };
    let result: LeaseResult;
    try {
      result = await this.withTimeout(key, this.opts.store.lease(this.opts.prefix + key, request));
    } catch (err) {
      this.degrade(err);
      return this.fallback.take(key, cost);
    }
    if (result.granted === 0) {
      this.denied.set(key, { available: result.available, at: this.now() });
      return retryAfterSeconds(waitMs(result.available, request.atLeast, this.msPerToken, 0));
    }
    this.denied.delete(key);
    this.keep(key, result.granted);
    return this.spendHeld(key, cost) ? 0 : undefined;
  }

  /** Takes `cost` from the tokens this process holds for `key`, if it holds that many. */
  private spendHeld(key: string, cost: number): boolean {
    const held = this.held.get(key);
    if (!held || held.tokens < cost) return false;
    held.tokens -= cost;
    if (held.tokens === 0) this.held.delete(key);
    return true;
  }

  private keep(key: string, tokens: number): void {
    const held = this.held.get(key);
    const expiresAt = this.now() + this.leaseMs;
    if (held) {
      held.tokens += tokens;
      held.expiresAt = expiresAt;
    } else {
      this.held.set(key, { tokens, expiresAt });
    }
  }

  /** The lease, or a rejection after timeoutMs; tokens granted after that are kept for later requests. */
  private withTimeout(key: string, leased: Promise<LeaseResult>): Promise<LeaseResult> {
    this.statements.leases++;
    let late = false;
    let timer: NodeJS.Timeout | undefined;
    const kept = leased.then((r) => {
      if (late && r.granted > 0) this.keep(key, r.granted);
      return r;
    });
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        late = true;
        reject(new Error('The rate limit lease timed out'));
      }, this.timeoutMs);
    });
    return Promise.race([kept, timeout]).finally(() => clearTimeout(timer));
  }

  private degrade(err: unknown): void {
    const now = this.now();
    if (now >= this.degradedUntil) {
      const code = (err as { code?: unknown }).code;
      this.opts.logger?.warn(
        { code: typeof code === 'string' ? code : undefined, seconds: this.degradedMs / 1000 },
        'The shared rate limit is unreachable; counting in this process for now',
      );
    }
    this.degradedUntil = now + this.degradedMs;
  }

  private returned(key: string, tokens: number) {
    return { key: this.opts.prefix + key, tokens, msPerToken: this.msPerToken };
  }

  private async giveBack(returns: Array<{ key: string; tokens: number; msPerToken: number }>): Promise<void> {
    if (returns.length === 0) return;
    this.statements.giveBacks++;
    // Tokens that cannot go back are lost: the others serve a little less, never more.
    await this.opts.store.giveBack(returns).catch(() => undefined);
  }

  private sweep(): void {
    const now = this.now();
    const returns = [];
    for (const [key, held] of this.held) {
      if (held.expiresAt <= now && !this.inflight.has(key)) {
        this.held.delete(key);
        returns.push(this.returned(key, held.tokens));
      }
    }
    for (const [key, denied] of this.denied) if (now - denied.at >= this.leaseMs) this.denied.delete(key);
    void this.giveBack(returns);
    if (now >= this.nextPrune) {
      this.nextPrune = now + 600_000;
      this.opts.store.prune().catch(() => undefined);
    }
  }
}
