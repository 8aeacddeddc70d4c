import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

describe('PORTAL_FRAME_ANCESTORS', () => {
  it('is empty by default', () => {
    expect(loadConfig({}).portalFrameAncestors).toEqual([]);
    expect(loadConfig({ PORTAL_FRAME_ANCESTORS: '  ' }).portalFrameAncestors).toEqual([]);
  });

  it('reads space-separated http(s) origins with or without a port', () => {
    expect(
      loadConfig({ PORTAL_FRAME_ANCESTORS: ' https://app.example.com   http://127.0.0.1:8080\thttp://[::1]:3000 ' })
        .portalFrameAncestors,
    ).toEqual(['https://app.example.com', 'http://127.0.0.1:8080', 'http://[::1]:3000']);
  });

  it.each([
    '*',
    "'self'",
    'https://*.example.com',
    'app.example.com',
    'ftp://app.example.com',
    'https://app.example.com/',
    'https://app.example.com/portal',
    'https://user@app.example.com',
    'https://app.example.com;script-src',
    'https://app.example.com,https://other.example.com',
    'HTTPS://App.Example.com',
  ])('refuses to start with %s, naming the setting', (value) => {
    expect(() => loadConfig({ PORTAL_FRAME_ANCESTORS: `https://ok.example.com ${value}` })).toThrow(ConfigError);
    expect(() => loadConfig({ PORTAL_FRAME_ANCESTORS: value })).toThrow(/^PORTAL_FRAME_ANCESTORS: /);
  });
});
