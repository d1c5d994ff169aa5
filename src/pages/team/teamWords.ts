/**
 * The Team page's words (issue 52, docs/requirements.md#req-team-roles): a member's role, a laptop's
 * name, when it was last heard from and what waits from it. Words only: what the worker counted is
 * said, nothing is decided here.
 */
import type { Role } from '../../../worker/domain/roles';
import { ROLE_WORDS } from '../../../worker/domain/roles';
import type { SyncStatus, TeamLaptopShown } from '../../../worker/api';
import { formatInstant } from '../../components/dates';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/**
 * A member's role in words. Another person's is what their latest change said; a change made by a
 * console that did not yet say its writer's role leaves it unknown, and the page says so rather
 * than guess.
 */
export const roleWords = (role: Role | null): string => (role ? `Role: ${ROLE_WORDS[role]}` : 'Role not known yet');

/** A laptop as a person tells one from another: this one, or the start of its id (as Conflicts names a version's laptop). */
export const laptopName = (laptop: TeamLaptopShown): string => (laptop.here ? 'This laptop' : `Laptop ${laptop.laptop.slice(0, 8)}`);

/** When a laptop was last heard from; this one is here. */
export const lastHeardWords = (laptop: TeamLaptopShown): string => (laptop.lastHeard === null ? 'In use now' : `Last heard from ${formatInstant(laptop.lastHeard)}`);

/** What waits from another's laptop: their changes not taken here, and those on their way. */
export function waitingFrom(laptop: TeamLaptopShown): string {
  const parts = [
    ...(laptop.notTaken ? [`${count(laptop.notTaken, 'change', 'changes')} not taken here`] : []),
    ...(laptop.arriving ? [`${count(laptop.arriving, 'change', 'changes')} arriving`] : []),
  ];
  return parts.length ? parts.join(' · ') : 'Nothing waiting from it';
}

/** What waits of this laptop's for the team: its changes the server does not have yet, and those it refused. */
export function waitingHere(status: SyncStatus): string {
  const parts = [
    ...(status.unsent ? [`${count(status.unsent, 'change', 'changes')} not sent`] : []),
    ...(status.refused ? [`${count(status.refused, 'change', 'changes')} refused by the team server`] : []),
  ];
  return parts.length ? parts.join(' · ') : 'Nothing waiting to be sent';
}
