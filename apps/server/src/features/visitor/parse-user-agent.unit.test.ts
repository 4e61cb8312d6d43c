import { readFileSync } from 'node:fs';
import path from 'node:path';
import { splitBrowserField } from '@nzeta/domain';
import { describe, expect, it } from 'vitest';
import { browserField, type ParsedUserAgent, parseUserAgent } from './parse-user-agent';

const AGENTS = {
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:120.0) Gecko/120.0 Firefox/120.0',
};

describe('parseUserAgent', () => {
  it('reads browser, version, OS, device and device type', () => {
    expect(parseUserAgent(AGENTS.iphone)).toEqual({
      browser: 'Mobile Safari',
      browserVersion: '17.4',
      os: 'iOS 17.4',
      device: 'Apple iPhone',
      deviceType: 'mobile',
    });
    expect(parseUserAgent(AGENTS.windowsChrome)).toMatchObject({ browser: 'Chrome', os: 'Windows 10', device: null });
  });

  it('fills the history exactly as the parser it replaced did (answers recorded from ua-parser-js 2.0.6)', () => {
    const file = path.join(import.meta.dirname, 'user-agents.fixture.json');
    const recorded = JSON.parse(readFileSync(file, 'utf8')) as Array<[string, ParsedUserAgent]>;
    expect(recorded.length).toBeGreaterThan(25);
    for (const [agent, fields] of recorded) expect(parseUserAgent(agent), agent).toEqual(fields);
  });

  it('copes with a missing or absurd user agent', () => {
    expect(parseUserAgent(undefined)).toEqual({
      browser: null,
      browserVersion: null,
      os: null,
      device: null,
      deviceType: null,
    });
    expect(() => parseUserAgent('x'.repeat(100_000))).not.toThrow();
  });
});

describe('browserField', () => {
  it('gives the page Browser, Device and Device Type where SPEC §3 reads them', () => {
    const field = browserField(parseUserAgent(AGENTS.iphone));
    expect(field).toBe('Mobile Safari-17.4-Apple-iPhone');
    expect(splitBrowserField(field, 'iOS 17.4')).toEqual({
      browser: 'Mobile Safari',
      device: 'Apple',
      deviceType: 'Apple iPhone',
      os: 'iOS 17.4',
    });
  });

  it('falls back to the device type when there is no model; the page drops Unknown from Device Type only', () => {
    const field = browserField(parseUserAgent(AGENTS.androidFirefox));
    expect(field).toBe('Mobile Firefox-120.0-Unknown-mobile');
    expect(splitBrowserField(field, 'Android 14')).toMatchObject({ device: 'Unknown', deviceType: 'mobile' });
    expect(browserField(parseUserAgent(AGENTS.windowsChrome))).toBe('Chrome-124.0.0.0-Unknown-Unknown');
  });
});
