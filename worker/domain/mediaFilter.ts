/**
 * The Media page's filters (issue 36, docs/requirements.md#req-screen-media): status, season,
 * received-on range, project, capture id, and "My favorites". They combine (a media set shows when
 * it meets every filter set). The media view answers the sets that match (worker/views/mediaFilter.ts);
 * the page keeps the filter in its URL's query and filters nothing itself.
 *
 * Shared by the page (reading its URL) and the worker (reading a spec from any page, whatever it
 * holds): `mediaFilterOf` makes any value a filter whose every field is sound or not set.
 */
import { isCalendarDay } from './dates';
import { isStarOwner } from './favourites';
import { keyRule } from './storedFields';
import type { Id, IsoDate, Media } from './types';
import { hasHiddenCharacter } from './users';

/** The statuses the filter offers besides All, in its order. */
export const MEDIA_STATUSES = ['copying', 'receiving', 'received', 'cancelled'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

export const MEDIA_STATUS_LABELS: Record<MediaStatus, string> = { copying: 'Copying', receiving: 'Receiving', received: 'Received', cancelled: 'Cancelled' };

/** The longest text a season or a capture id filter takes (a capture id is at most 100 characters). */
export const FILTER_TEXT_MAX = 100;

export interface MediaFilter {
  /** null: every status */
  status: MediaStatus | null;
  /** a capture's season that one of the set's surveys belongs to */
  season: string | null;
  /** received on or after this day */
  receivedFrom: IsoDate | null;
  /** received on or before this day */
  receivedTo: IsoDate | null;
  /** a project that one of the set's surveys belongs to */
  projectId: Id | null;
  /** text that the capture id (cpid) of one of the set's surveys contains, in any case */
  cpid: string | null;
  /** only the sets this person starred ("My favorites") */
  starredBy: string | null;
}

export const NO_MEDIA_FILTER: MediaFilter = { status: null, season: null, receivedFrom: null, receivedTo: null, projectId: null, cpid: null, starredBy: null };

/**
 * Where a media set stands, as the filter names it: copying or receiving while that stage works,
 * received once received (waiting for assignment or assigned), cancelled when its copy or receive
 * was. A set not yet received (Ready to Receive) has none: only All shows it.
 */
export function mediaStatusOf(media: Pick<Media, 'stage'>): MediaStatus | null {
  // The derived view of its current stage: one object to read, at 37 000 sets.
  const stage = media.stage;
  if (stage.state === 'cancelled') return 'cancelled';
  if (stage.state === 'working' && stage.name === 'copy') return 'copying';
  if (stage.state === 'working' && stage.name === 'receive') return 'receiving';
  return stage.name === 'assign' ? 'received' : null;
}

const isStatus = (v: unknown): v is MediaStatus => typeof v === 'string' && (MEDIA_STATUSES as readonly string[]).includes(v);

/** Text a person typed: trimmed, bounded, nothing hidden; empty is no filter. */
function textOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text && text.length <= FILTER_TEXT_MAX && !hasHiddenCharacter(text) ? text : null;
}

/** Any value as a filter: each field as sound as the rule says, or not set. */
export function mediaFilterOf(value: unknown): MediaFilter {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof MediaFilter, unknown>>;
  return {
    status: isStatus(v.status) ? v.status : null,
    season: textOf(v.season),
    receivedFrom: isCalendarDay(v.receivedFrom) ? v.receivedFrom : null,
    receivedTo: isCalendarDay(v.receivedTo) ? v.receivedTo : null,
    projectId: keyRule('projects').ok(v.projectId) ? (v.projectId as Id) : null,
    cpid: textOf(v.cpid),
    starredBy: isStarOwner(v.starredBy) ? v.starredBy : null,
  };
}

/** Whether any filter is set. */
export function isFiltered(filter: MediaFilter): boolean {
  return Object.values(filter).some((v) => v !== null);
}
