import { UAParser } from 'ua-parser-js';

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

export function parseUserAgent(userAgent: string | undefined): ParsedUserAgent {
  const result = UAParser((userAgent ?? '').slice(0, MAX_AGENT));
  return {
    browser: result.browser.name ?? null,
    browserVersion: result.browser.version ?? null,
    os: join(result.os.name, result.os.version),
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
