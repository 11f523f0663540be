/**
 * Whether some bytes are one well-formed JSON text (RFC 8259), checked without building it (ADR
 * 0027). The read proxy passes the upstream's bytes on as they came and only needs to know that
 * they are JSON: `JSON.parse` of a 100-row page made ~130 KB of string and then its objects on
 * every read, and the collector's work for them was the proxy's largest cost under load.
 *
 * Bytes at or above 0x80 inside strings are not checked as UTF-8 (a decoder replaces bad sequences,
 * as the `JSON.parse` of the decoded text accepted them); a UTF-8 byte order mark is allowed first,
 * as text decoding used to drop it.
 */

const Tab = 0x09;
const Lf = 0x0a;
const Cr = 0x0d;
const Space = 0x20;
const Quote = 0x22;
const Plus = 0x2b;
const Comma = 0x2c;
const Minus = 0x2d;
const Dot = 0x2e;
const Zero = 0x30;
const Nine = 0x39;
const Colon = 0x3a;
const OpenBracket = 0x5b;
const Backslash = 0x5c;
const CloseBracket = 0x5d;
const OpenBrace = 0x7b;
const CloseBrace = 0x7d;

const ARRAY = 0;
const OBJECT = 1;

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** Past the whitespace at `i`. */
function ws(b: Uint8Array, i: number): number {
  const n = b.length;
  while (i < n) {
    const c = b[i]!;
    if (c !== Space && c !== Lf && c !== Cr && c !== Tab) return i;
    i += 1;
  }
  return i;
}

/** The bytes that end a plain run inside a string: the quote, the backslash, and control characters. */
const STRING_STOP = new Uint8Array(256);
for (let c = 0; c < 0x20; c += 1) STRING_STOP[c] = 1;
STRING_STOP[Quote] = 1;
STRING_STOP[Backslash] = 1;

/** At an opening quote: the index past the closing one, or -1. */
function string(b: Uint8Array, i: number): number {
  const n = b.length;
  i += 1;
  while (i < n) {
    // Most of a page is plain string bytes: one table look-up each.
    while (i < n && STRING_STOP[b[i]!] === 0) i += 1;
    if (i >= n) return -1;
    const c = b[i]!;
    if (c === Quote) return i + 1;
    if (c < 0x20) return -1;
    if (c === Backslash) {
      const e = b[i + 1];
      if (e === 0x75) {
        // \uXXXX
        if (i + 5 >= n || !isHex(b[i + 2]!) || !isHex(b[i + 3]!) || !isHex(b[i + 4]!) || !isHex(b[i + 5]!)) return -1;
        i += 6;
        continue;
      }
      // " \ / b f n r t
      if (e !== Quote && e !== Backslash && e !== 0x2f && e !== 0x62 && e !== 0x66 && e !== 0x6e && e !== 0x72 && e !== 0x74) return -1;
      i += 2;
      continue;
    }
    i += 1;
  }
  return -1;
}

/** Past the digits at `i`; -1 when there are none. */
function digits(b: Uint8Array, i: number): number {
  const start = i;
  while (i < b.length && b[i]! >= Zero && b[i]! <= Nine) i += 1;
  return i > start ? i : -1;
}

/** At a minus or a digit: past the number, or -1. */
function number(b: Uint8Array, i: number): number {
  if (b[i] === Minus) i += 1;
  if (b[i] === Zero) i += 1;
  else if ((i = digits(b, i)) < 0) return -1;
  if (b[i] === Dot && (i = digits(b, i + 1)) < 0) return -1;
  if (b[i] === 0x65 || b[i] === 0x45) {
    i += 1;
    if (b[i] === Plus || b[i] === Minus) i += 1;
    if ((i = digits(b, i)) < 0) return -1;
  }
  return i;
}

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

function literal(b: Uint8Array, i: number, word: readonly number[]): number {
  for (let k = 0; k < word.length; k += 1) if (b[i + k] !== word[k]) return -1;
  return i + word.length;
}

/** At a member's key (after `{` or `,` and whitespace): past the key, the colon and the whitespace after, or -1. */
function key(b: Uint8Array, i: number): number {
  if (b[i] !== Quote || (i = string(b, i)) < 0) return -1;
  i = ws(b, i);
  return b[i] === Colon ? i + 1 : -1;
}

export function isJson(bytes: Uint8Array): boolean {
  const b = bytes;
  const n = b.length;
  let i = n >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  const stack: number[] = [];
  for (;;) {
    // A value is expected here.
    i = ws(b, i);
    if (i >= n) return false;
    const c = b[i]!;
    if (c === OpenBrace) {
      i = ws(b, i + 1);
      if (b[i] === CloseBrace) i += 1;
      else {
        stack.push(OBJECT);
        if ((i = key(b, i)) < 0) return false;
        continue;
      }
    } else if (c === OpenBracket) {
      i = ws(b, i + 1);
      if (b[i] === CloseBracket) i += 1;
      else {
        stack.push(ARRAY);
        continue;
      }
    } else if (c === Quote) i = string(b, i);
    else if (c === 0x74) i = literal(b, i, TRUE);
    else if (c === 0x66) i = literal(b, i, FALSE);
    else if (c === 0x6e) i = literal(b, i, NULL);
    else if (c === Minus || (c >= Zero && c <= Nine)) i = number(b, i);
    else return false;
    if (i < 0) return false;

    // After a value: close what it ends, then the next element or member, or the end of the text.
    for (;;) {
      i = ws(b, i);
      if (stack.length === 0) return i === n;
      const top = stack[stack.length - 1];
      const d = b[i];
      if (d === Comma) {
        i += 1;
        if (top === OBJECT && (i = key(b, ws(b, i))) < 0) return false;
        break;
      }
      if ((top === ARRAY && d === CloseBracket) || (top === OBJECT && d === CloseBrace)) {
        i += 1;
        stack.pop();
        continue;
      }
      return false;
    }
  }
}
