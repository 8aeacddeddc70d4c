import {
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
} from '@opentelemetry/sdk-trace-node';
import type { TracingSettings } from './settings';
import type { OutgoingSpan, RequestSpan, Tracing } from './model';

// Loaded by ./tracer.ts only when tracing is on: nothing here runs, or is even required, otherwise.

const w3c = new W3CTraceContextPropagator();

function samplerOf({ kind, parentBased, ratio }: TracingSettings['sampler']): Sampler {
  const root =
    kind === 'always_on'
      ? new AlwaysOnSampler()
      : kind === 'always_off'
        ? new AlwaysOffSampler()
        : new TraceIdRatioBasedSampler(ratio);
  return parentBased ? new ParentBasedSampler({ root }) : root;
}

/** A span's W3C context as an outbox record keeps it: the traceparent, then a space and the tracestate. */
function storedContext(span: Span): string | null {
  const carrier: Record<string, string> = {};
  w3c.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, defaultTextMapSetter);
  if (!carrier.traceparent) return null;
  return carrier.tracestate ? `${carrier.traceparent} ${carrier.tracestate}` : carrier.traceparent;
}

/** The context a stored trace context names (the root context when there is none, or it is not valid). */
function storedParent(text: string | null): Context {
  if (text === null) return ROOT_CONTEXT;
  const space = text.indexOf(' ');
  const carrier =
    space < 0 ? { traceparent: text } : { traceparent: text.slice(0, space), tracestate: text.slice(space + 1) };
  return w3c.extract(ROOT_CONTEXT, carrier, defaultTextMapGetter);
}

/** Names `span` in the request's headers; a configured header of the same name gives way to it. */
function injectInto(headers: Record<string, string>, span: Span): void {
  for (const name of Object.keys(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'traceparent' || lower === 'tracestate') delete headers[name];
  }
  w3c.inject(trace.setSpan(ROOT_CONTEXT, span), headers, defaultTextMapSetter);
}

function outgoing(span: Span): OutgoingSpan {
  return {
    end(statusCode, error, attributes) {
      if (statusCode !== null) span.setAttribute('http.response.status_code', statusCode);
      if (attributes) span.setAttributes(attributes);
      if (error !== null) span.setStatus({ code: SpanStatusCode.ERROR, message: error });
      span.end();
    },
  };
}

/** The OpenTelemetry SDK set up from `settings`: spans batched and sent as OTLP/HTTP JSON. */
export function createTracing(settings: TracingSettings): Tracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    sampler: samplerOf(settings.sampler),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: settings.tracesUrl }))],
  });
  // The AsyncLocalStorage context manager: a span started in a request's context is its child.
  provider.register();
  const tracer = provider.getTracer('hookgate');

  return {
    startRequest(method, headers, requestId): RequestSpan {
      // A caller's own traceparent makes the request part of the caller's trace.
      const parent = w3c.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
      const span = tracer.startSpan(
        method,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'hookgate.request_id': requestId } },
        parent,
      );
      const active = trace.setSpan(parent, span);
      return {
        run: (next) => context.with(active, next),
        end(route, statusCode, aborted = false) {
          if (route) {
            span.updateName(`${method} ${route}`);
            span.setAttribute('http.route', route);
          }
          span.setAttribute('http.response.status_code', statusCode);
          if (aborted) span.setStatus({ code: SpanStatusCode.ERROR, message: 'the client closed the connection' });
          else if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
      };
    },

    annotate(attributes) {
      trace.getActiveSpan()?.setAttributes(attributes);
    },

    outboxInsert(attributes, write) {
      return tracer.startActiveSpan('outbox insert', { kind: SpanKind.INTERNAL, attributes }, async (span) => {
        try {
          return await write(storedContext(span));
        } catch (err) {
          // The error's class and SQLSTATE only: its message may quote SQL or values.
          const code = (err as { code?: unknown }).code;
          span.setAttribute('error.type', typeof code === 'string' ? code : (err as Error).name);
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw err;
        } finally {
          span.end();
        }
      });
    },

    attempt(traceContext, headers, attributes) {
      const span = tracer.startSpan(
        'webhook delivery',
        { kind: SpanKind.CLIENT, attributes },
        storedParent(traceContext),
      );
      injectInto(headers, span);
      return outgoing(span);
    },

    testSend(headers, attributes) {
      const span = tracer.startSpan('webhook test send', { kind: SpanKind.CLIENT, attributes }, context.active());
      injectInto(headers, span);
      return outgoing(span);
    },

    shutdown: () => provider.shutdown(),
  };
}
