/**
 * The team as the Team page shows it (issue 52, docs/sync.md#the-team-page): each member with their
 * role, the laptops they have used, when each was last heard from, and their changes this laptop has
 * not taken. Made from the small records the take keeps (lastHeard.ts) and the list of what is not
 * taken (notTaken.ts), never from the team's documents. This laptop's own person is known from its
 * settings and the server's session; a laptop cannot read another person's account, so another's
 * role is what their latest stamp said, or not known yet.
 */
import type { Role } from '../../domain/roles';
import type { WorldStore } from '../../engine/store/worldStore';
import type { TeamLaptopShown, TeamMemberShown } from '../../syncContract';
import { actionKey } from '../doc/syncStamp';
import { HEARD_KIND, NOT_TAKEN_KIND } from '../records';
import { LastHeard } from './lastHeard';
import { NotTaken, type NotTakenEntry } from './notTaken';

/** This laptop's person and laptop, and the role the server's session gave (null: not said). */
export interface Here {
  account: string;
  laptop: string;
  role: Role | null;
}

/** What a link's session keeps, or the store's copy of it while no link is up (signed out). */
export interface TeamKept {
  lastHeard: LastHeard;
  notTaken: NotTaken;
}

/** The records a session keeps, read from the store (no link is up: signed out, or sync could not start). */
export async function teamKept(store: Pick<WorldStore, 'readKind'>): Promise<TeamKept> {
  return { lastHeard: new LastHeard(await store.readKind(HEARD_KIND)), notTaken: new NotTaken(await store.readKind(NOT_TAKEN_KIND)) };
}

type Counted = TeamLaptopShown & { by: string; changes: { notTaken: Set<string>; arriving: Set<string> } };

/** The members, this laptop's person first, then the most recently heard from; each one's laptops, this one first, then the most recent. */
export function teamShown(here: Here, kept: TeamKept): TeamMemberShown[] {
  const laptops = new Map<string, Counted>();
  const laptopOf = (by: string, laptop: string, at: number | null): Counted => {
    const key = JSON.stringify([by, laptop]);
    let found = laptops.get(key);
    if (!found) laptops.set(key, (found = { by, laptop, here: laptop === here.laptop, lastHeard: at, notTaken: 0, arriving: 0, changes: { notTaken: new Set(), arriving: new Set() } }));
    return found;
  };
  laptopOf(here.account, here.laptop, null);
  const roles = new Map<string, { role: Role; at: number }>();
  for (const heard of kept.lastHeard.all()) {
    laptopOf(heard.by, heard.laptop, heard.at);
    const said = roles.get(heard.by);
    if (heard.role && (!said || heard.at > said.at)) roles.set(heard.by, { role: heard.role, at: heard.at });
  }
  const waiting = (entry: NotTakenEntry, id: string, as: 'notTaken' | 'arriving') => {
    const { by, laptop } = entry.stamp;
    // One that does not say who sent it (a document without a stamp) is named in Settings, not here.
    if (!by || !laptop || laptop === here.laptop) return;
    laptopOf(by, laptop, entry.stamp.at).changes[as].add(entry.stamp.tx ? actionKey(entry.stamp) : id);
  };
  for (const [id, entry] of kept.notTaken.listed()) if (entry.state !== 'denied') waiting(entry, id, 'notTaken');
  for (const id of kept.notTaken.allArriving()) {
    const entry = kept.notTaken.get(id);
    if (entry) waiting(entry, id, 'arriving');
  }
  const members = new Map<string, TeamMemberShown & { latest: number }>();
  for (const { by, changes, ...laptop } of laptops.values()) {
    let member = members.get(by);
    if (!member) {
      const you = by === here.account;
      members.set(by, (member = { account: by, role: you ? here.role : (roles.get(by)?.role ?? null), you, laptops: [], latest: 0 }));
    }
    member.laptops.push({ ...laptop, notTaken: changes.notTaken.size, arriving: changes.arriving.size });
    member.latest = Math.max(member.latest, laptop.lastHeard ?? 0);
  }
  // This laptop's own first, then the most recently heard from.
  const first = (own: boolean, other: boolean, at: number, otherAt: number) => Number(other) - Number(own) || otherAt - at;
  return [...members.values()]
    .sort((a, b) => first(a.you, b.you, a.latest, b.latest) || (a.account < b.account ? -1 : 1))
    .map(({ latest: _latest, laptops: list, ...member }) => ({ ...member, laptops: list.sort((a, b) => first(a.here, b.here, a.lastHeard ?? 0, b.lastHeard ?? 0)) }));
}
