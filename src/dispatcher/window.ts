import type { Slots } from './slots';

/** Requests a configuration may have in flight before its endpoint has answered any. */
export const INITIAL_WINDOW = 16;
/** An answer slower than this many times the quickest recent one means requests queue at the endpoint. */
const QUEUEING_FACTOR = 3;
/** Latency below this is noise (timers, the event loop), never queueing. */
const QUEUEING_ALLOWANCE_MS = 10;
/**
 * Share of a round trip's answers that must be 429, 503, timeouts or failed connections for a cut:
 * an endpoint that refuses or loses the odd request is not asking for fewer.
 */
const CUT_SHARE = 0.05;
/**
 * Answers a round trip counts at least before it is judged: 1 % of 503s among 16 answers would
 * otherwise cut one round trip in six (one refusal is 6 %), and a window that small could never grow.
 */
const MIN_JUDGED_ANSWERS = 64;
/**
 * Requests a configuration may have in flight once its endpoint's first answer came back without
 * asking for fewer, while its records wait: a round trip as large as one that is judged for a cut
 * (MIN_JUDGED_ANSWERS). It saves the two round trips slow start takes from INITIAL_WINDOW to here,
 * a backlog's first half second at 200 ms endpoints (docs/benchmarks.md, "One thread"). An
 * endpoint that never answers keeps INITIAL_WINDOW.
 */
export const ANSWERED_WINDOW = MIN_JUDGED_ANSWERS;
/** How often the answer rate is measured. */
const RATE_PERIOD_MS = 250;
/** The shortest span over which answers are counted into a rate. */
const MIN_RATE_SPAN_MS = 100;
/**
 * The window grows only while below this many times what its answer rate and latency need (Little's
 * law). Four, not two: while a window doubles per round trip, the answers counted are those of the
 * requests sent a round trip earlier (half as many), averaged over RATE_PERIOD_MS, so twice the
 * need is where the window already is and would hold the doubling back.
 */
const NEED_HEADROOM = 4;
/** The quickest answer is remembered over two periods this long, so a slower endpoint is learnt again. */
const MIN_RTT_PERIOD_MS = 30_000;

/** What one request of a configuration told its window. */
export interface WindowSignal {
  /** Epoch ms the request started. */
  startedAt: number;
  durationMs: number;
  /** 429, 503, a timeout or a failed connection: the endpoint asks for less. */
  congested: boolean;
}

/**
 * How many requests one configuration may have in flight in this dispatcher, learnt as TCP learns
 * its congestion window: it starts at INITIAL_WINDOW, opens to ANSWERED_WINDOW at the endpoint's
 * first answer (one that does not ask for fewer, slower than timer noise) while records wait, grows
 * by one per answer while below its threshold (doubling per round trip) and by one per round trip
 * above it, and halves when more than CUT_SHARE of a round trip's answers (a window's worth,
 * MIN_JUDGED_ANSWERS at least) are 429, 503, timeouts or failed connections (answers to requests
 * sent before a cut do not count towards the next). It grows only while the configuration has
 * records waiting for it (it is what limits them) and while answers are not much slower than the
 * quickest recent one (more requests would queue at the endpoint, not go faster), and only while
 * below four times what its answer rate times its latency needs: records claimed in bursts wait for
 * slots without the endpoint needing more of them at once. So a 2 ms endpoint keeps the few
 * connections it needs, a 2 s one as many as its rate takes, and a hanging one fewer and fewer.
 * Never above `max` (the configuration's share of its tenant's slots), never below 1.
 */
export class ConcurrencyWindow {
  private current: number;
  private threshold = Infinity;
  /** Growth above the threshold, in fractions of a slot. */
  private credit = 0;
  private cutAt = 0;
  /** This round trip's answers, and how many of them asked for fewer requests. */
  private answers = 0;
  private congested = 0;
  private smoothedRtt: number | undefined;
  private minRtt = Infinity;
  private periodMin = Infinity;
  private periodStart = Date.now();
  private slots: Slots | undefined;
  /** Answers per millisecond over the last full period, and the period under way. */
  private rate = 0;
  private rateCount = 0;
  private rateStart = Date.now();
  /** Epoch ms of the last request that reported, to forget windows of configurations gone quiet. */
  lastUsed = Date.now();

  constructor(readonly max: number) {
    this.current = Math.min(INITIAL_WINDOW, max);
  }

  get size(): number {
    return this.current;
  }

  get isAttached(): boolean {
    return this.slots !== undefined;
  }

  /** The slots this window sizes while they are in use (one ConfigShare's), or none. */
  attach(slots: Slots | undefined): void {
    this.slots = slots;
  }

  /** One answered (or failed) request; `limited`: records of the configuration wait for a slot. */
  report(signal: WindowSignal, limited: boolean): void {
    this.lastUsed = Date.now();
    this.answers++;
    if (signal.congested && signal.startedAt >= this.cutAt) this.congested++;
    if (this.answers >= Math.max(this.current, MIN_JUDGED_ANSWERS)) {
      const cut = this.congested > CUT_SHARE * this.answers;
      this.answers = 0;
      this.congested = 0;
      if (cut) {
        this.threshold = Math.max(1, Math.floor(this.current / 2));
        this.credit = 0;
        this.cutAt = Date.now();
        this.resize(this.threshold);
        return;
      }
    }
    if (signal.congested) return;
    // The first answer that did not ask for fewer: none has been timed yet.
    const first = this.smoothedRtt === undefined;
    this.observeRtt(signal.durationMs);
    if (!limited || this.current >= this.max) return;
    // An endpoint that answered within the noise of timers and the event loop is served by the
    // initial window (16 at 10 ms is 1,600 a second); a slower one whose records wait gets a
    // judged round trip's worth at once.
    if (
      first &&
      this.threshold === Infinity &&
      this.current < ANSWERED_WINDOW &&
      signal.durationMs >= QUEUEING_ALLOWANCE_MS
    ) {
      this.resize(ANSWERED_WINDOW);
      return;
    }
    if (this.smoothedRtt! > QUEUEING_FACTOR * this.minRtt + QUEUEING_ALLOWANCE_MS) return;
    if (this.current >= Math.max(INITIAL_WINDOW, NEED_HEADROOM * this.answerRate() * this.smoothedRtt!)) return;
    if (this.current < this.threshold) {
      this.resize(this.current + 1);
      return;
    }
    this.credit += 1 / this.current;
    if (this.credit >= 1) {
      this.credit -= 1;
      this.resize(this.current + 1);
    }
  }

  /**
   * Answers per millisecond: of the last full period, or of the one under way once it is long
   * enough to say (so a new window opens from its first round trip, not after a whole period).
   */
  private answerRate(): number {
    const elapsed = Date.now() - this.rateStart;
    return Math.max(this.rate, elapsed >= MIN_RATE_SPAN_MS ? this.rateCount / elapsed : 0);
  }

  private observeRtt(ms: number): void {
    const now = Date.now();
    this.rateCount++;
    if (now - this.rateStart >= RATE_PERIOD_MS) {
      this.rate = this.rateCount / (now - this.rateStart);
      this.rateCount = 0;
      this.rateStart = now;
    }
    this.smoothedRtt = this.smoothedRtt === undefined ? ms : this.smoothedRtt + (ms - this.smoothedRtt) / 8;
    if (now - this.periodStart > MIN_RTT_PERIOD_MS) {
      this.minRtt = this.periodMin;
      this.periodMin = Infinity;
      this.periodStart = now;
    }
    this.periodMin = Math.min(this.periodMin, ms);
    this.minRtt = Math.min(this.minRtt, ms);
  }

  private resize(to: number): void {
    const size = Math.max(1, Math.min(this.max, to));
    this.slots?.resize(this.current, size);
    this.current = size;
  }
}
