/**
 * The records team sync keeps in the engine's world store (docs/sync.md#the-journal), declared here
 * and nowhere in the engine: the store keeps a record of any kind it is handed, by kind and id, and
 * reads none of these. Each kind starts with `~`, as the store's own records beside the world do.
 * The journal's two are written in an action's own transaction; the take's in its commit.
 */
import type { SideKind } from '../engine/store/worldStore';

/** This laptop's changes not yet in its database (out/outbox.ts): one record per document, numbered in drain order. */
export const OUTBOX_KIND = '~outbox' satisfies SideKind;
/** The revision this laptop's world stands on, per document (doc/held.ts, packed by doc/heldStore.ts). */
export const HELD_KIND = '~held' satisfies SideKind;
/** Where the take has read the laptop's database up to, and the team world joined (TEAM_SETTINGS_ID). */
export const INBOX_KIND = '~inbox' satisfies SideKind;
/** The team's changes not taken into the world (in/notTaken.ts): one record each. */
export const NOT_TAKEN_KIND = '~notTaken' satisfies SideKind;
/** When each teammate was last heard from, on each laptop (in/lastHeard.ts): one record per person and laptop, for the Team page. */
export const HEARD_KIND = '~heard' satisfies SideKind;
/** Every kind of sync's records: leaving a team world deletes them all (joining.ts). */
export const SYNC_KINDS = [HELD_KIND, INBOX_KIND, OUTBOX_KIND, NOT_TAKEN_KIND, HEARD_KIND] as const;

/** The inbox's record of the team world this laptop has joined (server, world, laptop id). */
export const TEAM_SETTINGS_ID = 'settings';
/**
 * The record whose presence says the store holds a team world: the engine is handed it
 * (EngineDeps.keptWorld), so the demo's expiry never discards the team's work.
 */
export const TEAM_WORLD_RECORD = { kind: INBOX_KIND, id: TEAM_SETTINGS_ID } as const;
