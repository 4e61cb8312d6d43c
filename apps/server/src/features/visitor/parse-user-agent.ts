import UAParser from 'ua-parser-js';

/** The columns of download_history a user agent fills. */
export interface ParsedUserAgent {
  browser: string | null;
  browserVersion: string | null;
  os: string | null;
  /** vendor and model, e.g. 'Apple iPhone' */
  device: string | null;
  /** ua-parser's device type (mobile, tablet…); absent for desktops */
  deviceType: string | null;
}

const MAX_AGENT = 512;

const join = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(' ').trim() || null;

/**
 * ua-parser-js 1.x (MIT; 2.x is AGPL) names a few things differently from the 2.x that filled the
 * history before: these keep the stored fields identical (user-agents.fixture.json holds 2.x's
 * answers, and the unit test compares).
 */
const MOBILE_CHROME = /\b(?:crmo|crios)\/|chrome\/[\w.]+ mobile/i;
const MOBILE_FIREFOX = /fxios\/|(?:mobile|tablet);.*firefox\//i;
const OS_NAMES: Record<string, string> = { 'Mac OS': 'macOS', 'Chromium OS': 'Chrome OS' };

function browserName(name: string | undefined, agent: string): string | undefined {
  if (name === 'Chrome' && MOBILE_CHROME.test(agent)) return 'Mobile Chrome';
  if (name === 'Firefox' && MOBILE_FIREFOX.test(agent)) return 'Mobile Firefox';
  return name;
}

export function parseUserAgent(userAgent: string | undefined): ParsedUserAgent {
  const agent = (userAgent ?? '').slice(0, MAX_AGENT);
  const result = new UAParser(agent).getResult();
  const osName = result.os.name && (OS_NAMES[result.os.name] ?? result.os.name);
  return {
    browser: browserName(result.browser.name, agent) ?? null,
    browserVersion: result.browser.version ?? null,
    os: join(osName, result.os.version),
    device: join(result.device.vendor, result.device.model),
    deviceType: result.device.type ?? null,
  };
}

export interface StoredAgentFields {
  browser: string | null;
  browserVersion: string | null;
  device: string | null;
  deviceType: string | null;
}

// The field is split on '-', so a dash inside a part (model 'SM-S918B') becomes a non-breaking
// hyphen: it reads the same and keeps the parts where the page expects them.
const part = (value: string | null | undefined) => value?.trim().replace(/-/g, '\u2011') || 'Unknown';

/**
 * The visitor history's browser field (SPEC §3): 'Browser-Version-Vendor-Model'. The page shows
 * part 1 as Browser, part 3 as Device and parts 3 and 4 as Device Type; a missing model falls
 * back to the device type (mobile, tablet).
 */
export function browserField(row: StoredAgentFields): string {
  const [vendor, ...model] = (row.device ?? '').split(' ');
  return [part(row.browser), part(row.browserVersion), part(vendor), part(model.join(' ') || row.deviceType)].join('-');
}
