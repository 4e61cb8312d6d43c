/**
 * The obfuscated id of the detail route (SPEC §2.4): the number doubled, base64-encoded,
 * trailing '=' stripped. Not a security measure; nothing relies on it for access.
 */
export function encodeId(id: number): string {
  return base64Encode(String(id * 2)).replace(/=+$/, '');
}

/** Reverses encodeId; undefined for anything that is not a valid encoding. */
export function decodeId(code: string): number | undefined {
  if (!/^[A-Za-z0-9+/]{2,24}$/.test(code)) return undefined;
  const padded = code + '='.repeat((4 - (code.length % 4)) % 4);
  let text: string;
  try {
    text = base64Decode(padded);
  } catch {
    return undefined;
  }
  if (!/^[1-9]\d*$/.test(text)) return undefined;
  const doubled = Number(text);
  if (!Number.isSafeInteger(doubled) || doubled % 2 !== 0) return undefined;
  const id = doubled / 2;
  return encodeId(id) === code ? id : undefined;
}

/** Accepts a plain numeric order id or its encoded form (visitor links may use either). */
export function parseOrderRef(ref: string): number | undefined {
  if (/^\d{6,15}$/.test(ref)) return Number(ref);
  return decodeId(ref);
}

function base64Encode(text: string): string {
  return btoa(text);
}

function base64Decode(text: string): string {
  return atob(text);
}
