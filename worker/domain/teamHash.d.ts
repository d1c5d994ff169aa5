/**
 * The types of teamHash.js (plain JavaScript, so that CouchDB runs it as written: see there).
 */

/** SHA-256 of a text's UTF-16 code units, in hex. */
export function sha256Hex(text: string): string;
/** A value's canonical JSON (keys sorted at every depth); null past `depth` levels. */
export function canonicalJson(value: unknown, depth: number): string | null;
/** A history entry's proof: 16 hex digits of the hash of its content (not its id, not `arrivedAt`); null for one nested too deep. */
export function entryProof(entry: object): string | null;
