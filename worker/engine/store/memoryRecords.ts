/**
 * The memory store's records (worldStore.ts), with the keys of each kind kept beside them, as
 * IndexedDB reads a kind by its key range: reading the outbox or counting a kind walks that
 * kind's keys, not every record of the store. At 100 000 surveys the store holds 1.2 million
 * records (history and held revisions included), and a walk of them all took about 40 ms each
 * time sync drained the outbox after an action (docs/engine.md#the-benchmarks-store).
 */
import { keyParts } from '../../domain/names';

export class MemoryRecords extends Map<string, unknown> {
  private readonly byKind = new Map<string, Set<string>>();

  override set(key: string, value: unknown): this {
    const kind = kindOf(key);
    let keys = this.byKind.get(kind);
    if (!keys) this.byKind.set(kind, (keys = new Set()));
    keys.add(key);
    return super.set(key, value);
  }

  override delete(key: string): boolean {
    this.byKind.get(kindOf(key))?.delete(key);
    return super.delete(key);
  }

  override clear(): void {
    this.byKind.clear();
    super.clear();
  }

  /** The keys of one kind's records. */
  keysOf(kind: string): ReadonlySet<string> {
    return this.byKind.get(kind) ?? NONE;
  }
}

const NONE: ReadonlySet<string> = new Set();

function kindOf(key: string): string {
  return keyParts(key)[0];
}
