/**
 * A large JSON body parsed a part at a time (issue 53): one `JSON.parse` of a `_bulk_docs` at the
 * cap (10 000 documents, some 10 MB) held every other member's request while it ran. The text is
 * scanned for the top-level object's members; the elements of its `docs` list are parsed one by
 * one, the server's thread yielded every PART_BYTES of them. What it gives is what `JSON.parse`
 * gives for the same text, and it throws a SyntaxError where `JSON.parse` would: each member and
 * each element is parsed by `JSON.parse` itself, and the scanner checks only what lies between them;
 * a text of another shape is parsed whole.
 */
import { setImmediate as yieldNow } from 'node:timers/promises';

/** Text parsed between two yields of the server's thread. */
const PART_CHARS = 256 * 1024;

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

class Scanner {
  constructor(
    readonly text: string,
    public at = 0,
  ) {}
  space(): void {
    while (this.at < this.text.length && WS.has(this.text.charCodeAt(this.at))) this.at++;
  }
  /** The next character, past white space, taken if it is `c`. */
  take(c: string): boolean {
    this.space();
    if (this.text[this.at] !== c) return false;
    this.at++;
    return true;
  }
  /** Where the string starting at `from` ends (past its closing quote). */
  stringEnd(from: number): number {
    let i = from + 1;
    for (;;) {
      const q = this.text.indexOf('"', i);
      if (q < 0) throw new SyntaxError('Unterminated string in JSON');
      let slashes = 0;
      while (this.text.charCodeAt(q - 1 - slashes) === BACKSLASH) slashes++;
      if (slashes % 2 === 0) return q + 1;
      i = q + 1;
    }
  }
  /** The text of the value starting here (JSON.parse checks it): to its matching bracket, or to the next `,`, `]`, `}` or space. */
  value(): string {
    this.space();
    const start = this.at;
    const first = this.text.charCodeAt(start);
    let i = start;
    if (first === QUOTE) i = this.stringEnd(start);
    else if (first === 0x7b || first === 0x5b) {
      let depth = 0;
      do {
        const c = this.text.charCodeAt(i);
        if (c === QUOTE) {
          i = this.stringEnd(i);
          continue;
        }
        if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) depth--;
        i++;
      } while (depth > 0 && i < this.text.length);
      if (depth > 0) throw new SyntaxError('Unexpected end of JSON input');
    } else while (i < this.text.length && !WS.has(this.text.charCodeAt(i)) && !',]}'.includes(this.text[i]!)) i++;
    this.at = i;
    return this.text.slice(start, i);
  }
}

/** Not the shape parsed in parts: the text is parsed whole. */
const OTHER_SHAPE = Symbol('other shape');

/** `JSON.parse(text)`, the elements of a top-level object's `docs` list a part at a time. */
export async function parseInParts(text: string): Promise<unknown> {
  try {
    return await inParts(text);
  } catch (error) {
    if (error === OTHER_SHAPE) return JSON.parse(text) as unknown;
    throw error;
  }
}

async function inParts(text: string): Promise<unknown> {
  const s = new Scanner(text);
  if (!s.take('{')) throw OTHER_SHAPE;
  const out: Record<string, unknown> = {};
  let parsed = 0;
  if (!s.take('}')) {
    do {
      s.space();
      if (text.charCodeAt(s.at) !== QUOTE) throw OTHER_SHAPE;
      const key = JSON.parse(s.value()) as string;
      if (!s.take(':')) throw OTHER_SHAPE;
      let value: unknown;
      if (key === 'docs' && s.take('[')) {
        const docs: unknown[] = [];
        if (!s.take(']')) {
          do {
            const element = s.value();
            docs.push(JSON.parse(element));
            parsed += element.length;
            if (parsed >= PART_CHARS) {
              parsed = 0;
              await yieldNow();
            }
          } while (s.take(','));
          if (!s.take(']')) throw OTHER_SHAPE;
        }
        value = docs;
      } else value = JSON.parse(s.value());
      // As JSON.parse makes a member (a `__proto__` one too): the last of a name stands.
      Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
    } while (s.take(','));
    if (!s.take('}')) throw OTHER_SHAPE;
  }
  s.space();
  if (s.at !== text.length) throw OTHER_SHAPE;
  return out;
}
