/**
 * The held revisions (docs/sync.md#the-outbox): for each team document, the revision this laptop's
 * world holds, what it says, and its places. Both directions build on them: an action's outbox
 * records start from them and move them on (out/), a take compares what arrives with them and moves
 * them on (in/). The store keeps them as heldStore.ts writes them.
 */
import type { EntityKind } from '../../domain/types';
import { contentOf } from './revisions';

/** A document as the laptop's world holds it: its revision, and what it says (contentOf). */
export interface Held {
  rev: string;
  content: string;
  /** an entity's places in its parents' lists (its document's `at`): where the inbox puts a sibling */
  at?: Partial<Record<EntityKind, number>>;
}

/** A document's revision, what it says, and its places, as the laptop holds them. */
export function heldOf(rev: string, doc: Record<string, unknown>, content = contentOf(doc)): Held {
  const at = doc.at;
  const held: Held = { rev, content };
  if (typeof at === 'object' && at !== null && !doc._deleted) held.at = at as Held['at'];
  return held;
}

/**
 * The laptop's revisions: for each document, the one its world holds. An action's records move it
 * on at once, so a second action on the same document before the drainer runs extends the first
 * one's revision, not the one before it.
 */
export interface HeldRevisions {
  get(id: string): Held | undefined;
  set(id: string, held: Held): unknown;
  keys(): IterableIterator<string>;
}
