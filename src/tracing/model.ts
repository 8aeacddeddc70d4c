/** Span attributes: names as docs/operations.md#tracing lists them; never a secret, SQL text or payload. */
type SpanAttributes = Record<string, string | number | boolean>;

/** A span that ends with the result of one HTTP request made by Hookgate (a delivery attempt, a test send). */
export interface OutgoingSpan {
  /** `statusCode` null: no response came; `error` as the attempt records it (null on success). */
  end(statusCode: number | null, error: string | null, attributes?: SpanAttributes): void;
}

/** The span of one API request, from its first hook to its response. */
export interface RequestSpan {
  /** Calls `next` inside this span's context: what it starts, and what that awaits, is a child. */
  run(next: () => void): void;
  end(route: string | undefined, statusCode: number, aborted?: boolean): void;
}

/** What the rest of the service asks of tracing while it is on (./sdk.ts). */
export interface Tracing {
  startRequest(method: string, headers: Record<string, string | string[] | undefined>, requestId: string): RequestSpan;
  /** Adds attributes to the span current in this context (a request's), if any. */
  annotate(attributes: SpanAttributes): void;
  /**
   * Runs `write` inside a new span (child of the current context) and gives it that span's trace
   * context as an outbox record keeps it: the traceparent, then a space and the tracestate if any
   * (null if the span has no valid context).
   */
  outboxInsert<T>(attributes: SpanAttributes, write: (traceContext: string | null) => Promise<T>): Promise<T>;
  /**
   * Starts the span of one delivery attempt, a child of `traceContext` (a record's stored context;
   * null: a root span), and sets `traceparent` (and `tracestate`) on `headers` to name it.
   */
  attempt(traceContext: string | null, headers: Record<string, string>, attributes: SpanAttributes): OutgoingSpan;
  /** As `attempt`, for a test send: a child of the current context (the API request's). */
  testSend(headers: Record<string, string>, attributes: SpanAttributes): OutgoingSpan;
  /** Exports what is buffered and stops. */
  shutdown(): Promise<void>;
}
