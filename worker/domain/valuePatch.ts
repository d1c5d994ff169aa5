/**
 * What differs between two answers of a view, and how to apply it: the worker sends a view's new
 * answer as the patch from the one before (docs/views.md), the page applies it. Plain data only.
 *
 * An unchanged part is left out; an object sends its changed fields; an array whose elements keep
 * their `key`s in the same order sends its changed elements by index; an array of keyed rows that
 * moved, came or went (a capture received moves to the top of a table sorted by date) says where
 * each row was before and sends only the new ones whole; anything else is replaced.
 * The page's copy keeps the identity of everything the patch does not touch, so a memoised row
 * renders again only when its own value changed.
 */

export type ValuePatch =
  /** Replaced whole. */
  | { v: unknown }
  /** Some fields changed (a field now absent is sent as `{ v: undefined }`). */
  | { o: Record<string, ValuePatch> }
  /** Some elements changed, by index; the length and the keys are as before. */
  | { a: [index: number, patch: ValuePatch][] }
  /** Keyed rows, each its place before (`from`, patched if it changed) or new whole. */
  | { k: KeyedRow[] };

type KeyedRow = number | [from: number, patch: ValuePatch] | { v: unknown };

type Plain = Record<string, unknown>;

const isPlain = (x: unknown): x is Plain => typeof x === 'object' && x !== null && !Array.isArray(x);

const keyOf = (x: unknown): unknown => (isPlain(x) ? x.key : undefined);

/** Deep equality of plain data. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!sameValue((a as Plain)[k], (b as Plain)[k])) return false;
  }
  return true;
}

/** Arrays of keyed rows whose keys are the same, in the same order. */
function sameKeys(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const k = keyOf(a[i]);
    if (k === undefined || k !== keyOf(b[i])) return false;
  }
  return true;
}

/** The patch that turns `before` into `after`; undefined when they are equal. */
export function diffValue(before: unknown, after: unknown): ValuePatch | undefined {
  if (sameValue(before, after)) return undefined;
  if (isPlain(before) && isPlain(after)) {
    const o: Record<string, ValuePatch> = {};
    for (const k of Object.keys(after)) {
      const p = diffValue(before[k], after[k]);
      if (p) o[k] = p;
    }
    for (const k of Object.keys(before)) if (!(k in after)) o[k] = { v: undefined };
    return { o };
  }
  if (Array.isArray(before) && Array.isArray(after) && after.length > 0 && sameKeys(before, after)) {
    const a: [number, ValuePatch][] = [];
    for (let i = 0; i < after.length; i++) {
      const p = diffValue(before[i], after[i]);
      if (p) a.push([i, p]);
    }
    return { a };
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const k = keyedRows(before, after);
    if (k) return { k };
  }
  return { v: after };
}

/** Where each row of `after` was in `before`, when both are lists of rows with unique keys. */
function keyedRows(before: unknown[], after: unknown[]): KeyedRow[] | null {
  const was = new Map<unknown, number>();
  for (let i = 0; i < before.length; i++) {
    const key = keyOf(before[i]);
    if (key === undefined || was.has(key)) return null;
    was.set(key, i);
  }
  const rows: KeyedRow[] = [];
  let kept = 0;
  for (const row of after) {
    const key = keyOf(row);
    if (key === undefined) return null;
    const from = was.get(key);
    if (from === undefined) {
      rows.push({ v: row });
      continue;
    }
    was.delete(key);
    kept++;
    const p = diffValue(before[from], row);
    rows.push(p ? [from, p] : from);
  }
  // Nothing kept (a new page of rows): the rows whole say it as well, and shorter.
  return kept ? rows : null;
}

/** `value` with `patch` applied: new objects along the changed paths only. */
export function applyPatch<T>(value: T, patch: ValuePatch): T {
  if ('v' in patch) return patch.v as T;
  if ('o' in patch) {
    const out: Plain = { ...(value as Plain) };
    for (const [k, p] of Object.entries(patch.o)) {
      const next = applyPatch(out[k], p);
      if (next === undefined) delete out[k];
      else out[k] = next;
    }
    return out as T;
  }
  if ('k' in patch) {
    const rows = value as unknown[];
    return patch.k.map((row) => (typeof row === 'number' ? rows[row] : Array.isArray(row) ? applyPatch(rows[row[0]], row[1]) : row.v)) as T;
  }
  const out = [...(value as unknown[])];
  for (const [i, p] of patch.a) out[i] = applyPatch(out[i], p);
  return out as T;
}

/** A place in an answer: the keys from its root to a value. */
export type AnswerPath = readonly (string | number)[];

/** `value` with the value at `path` replaced by `change(it)`: new objects along the path only. */
export function updateAt<T>(value: T, path: AnswerPath, change: (at: unknown) => unknown): T {
  if (path.length === 0) return change(value) as T;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const out = [...value];
    out[head as number] = updateAt(out[head as number], rest, change);
    return out as T;
  }
  if (!isPlain(value)) return value;
  return { ...value, [head as string]: updateAt(value[head as string], rest, change) } as T;
}
