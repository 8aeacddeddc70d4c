import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config-error';
import { loadTracingSettings } from '../../src/tracing/settings';

describe('tracing settings', () => {
  it('are off without OTEL_EXPORTER_OTLP_ENDPOINT, whatever else is set', () => {
    expect(loadTracingSettings({ OTEL_TRACES_SAMPLER: 'always_on', OTEL_SERVICE_NAME: 'x' }, 'hookgate')).toBeNull();
    expect(loadTracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' }, 'hookgate')).toBeNull();
  });

  it('send to <endpoint>/v1/traces, keep every trace by default and name the process', () => {
    expect(loadTracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }, 'hookgate')).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      serviceName: 'hookgate',
      sampler: { kind: 'always_on', parentBased: true, ratio: 1 },
    });
    expect(
      loadTracingSettings(
        {
          OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example/base',
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          OTEL_SERVICE_NAME: 'hooks-eu',
          OTEL_TRACES_SAMPLER: 'traceidratio',
          OTEL_TRACES_SAMPLER_ARG: '0.25',
        },
        'hookgate-dispatcher',
      ),
    ).toEqual({
      tracesUrl: 'https://otel.example/base/v1/traces',
      serviceName: 'hooks-eu',
      sampler: { kind: 'traceidratio', parentBased: false, ratio: 0.25 },
    });
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, /OTEL_EXPORTER_OTLP_ENDPOINT/],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://collector' }, /OTEL_EXPORTER_OTLP_ENDPOINT/],
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' }, /OTEL_EXPORTER_OTLP_PROTOCOL must be http\/json/],
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, /OTEL_EXPORTER_OTLP_PROTOCOL/],
    [{ OTEL_TRACES_SAMPLER: 'sometimes' }, /OTEL_TRACES_SAMPLER must be one of/],
    [{ OTEL_TRACES_SAMPLER_ARG: '1.5' }, /OTEL_TRACES_SAMPLER_ARG must be a number in 0..1/],
    [{ OTEL_TRACES_SAMPLER_ARG: 'half' }, /OTEL_TRACES_SAMPLER_ARG/],
  ])('refuse %j at start with a message naming the variable', (env, message) => {
    const load = () =>
      loadTracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', ...env }, 'hookgate');
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });
});
