/**
 * Team sync as the engine is given it (engine/syncPort.ts), once per link to a team world: each
 * commit's records from the journal (journal.ts), and what sync refuses while it is on. A new
 * world over the team's would wipe other people's work on every laptop
 * (docs/sync.md#joining-leaving-switching-worlds); an action on what is in conflict waits until a
 * person settles it (docs/sync.md#conflicts).
 */
import type { Action } from '../api';
import type { SyncPort } from '../engine/syncPort';
import { entityDocId, surveyFlagsPrefix } from './doc/docIds';
import type { SyncJournal } from './out/journal';

/** Actions that replace or empty the world: refused while team sync is on. */
const WORLD_WIPES: ReadonlySet<Action['type']> = new Set(['resetDemo', 'reloadData', 'importWorld', 'cleanDemo', 'sampleOnly']);
export const WHILE_SYNCING =
  'Team sync is on: this would replace the world your team shares and wipe other people\u2019s work. Leave the team world in Settings \u2192 Team sync first.';

const NONE: ReadonlySet<string> = new Set();

/**
 * The port of a laptop whose journal is `journal`; `conflicted`, the documents in conflict while
 * its link is up. The team account is the one the journal writes as when the port is made; the
 * role, the one its stamps say (the journal's `roles`, as the server's session says them now).
 */
export function enginePort(journal: SyncJournal, conflicted: () => ReadonlySet<string> = () => NONE): SyncPort {
  return {
    laptop: journal.laptop,
    author: journal.author,
    // Issue 52: the role the server's session gave at join, sign-in or its last renewal; none known (joined before roles), none held here.
    // One source with the stamps', so a history entry and its document say the same role.
    get role() {
      return journal.role;
    },
    refusal: (action) => (WORLD_WIPES.has(action.type) ? WHILE_SYNCING : conflictRefusal(action, conflicted())),
    commitRecords: ({ world, writes, batch, tx, now }) => journal.entry(world, writes, tx, now, batch),
    ticked: ({ world, writes, batch }) => journal.ticked(world, writes, batch),
  };
}

/** Why an action on an entity in conflict is refused, or null: a person settles the conflict first. */
function conflictRefusal(action: Action, conflicted: ReadonlySet<string>): string | null {
  if (!conflicted.size) return null;
  const named = action as Partial<Record<'surveyId' | 'captureId' | 'mediaId' | 'host', unknown>>;
  const targets = [
    ['surveys', named.surveyId, 'Survey'],
    ['captures', named.captureId, 'Capture'],
    ['media', named.mediaId, 'Media set'],
    ['drives', named.host, 'Drive'],
  ] as const;
  for (const [kind, id, what] of targets) {
    if (typeof id !== 'string') continue;
    if (conflicted.has(entityDocId(kind, id))) return `${what} ${id} was changed on two laptops at once: keep one version on the Conflicts page first`;
    // A survey's QC rests on its flags: one flagged two ways is settled first.
    const flags = surveyFlagsPrefix(id);
    if (kind === 'surveys' && [...conflicted].some((c) => c.startsWith(flags)))
      return `${what} ${id} has a frame flagged differently on two laptops: keep one version on the Conflicts page first`;
  }
  return null;
}
