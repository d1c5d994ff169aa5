/**
 * What the Media page's filters read of each media set, packed for a scan (issue 36,
 * docs/views.md#the-media-filters): its status, its received day as a number, and its captures,
 * each capture by a small number whose season, project and capture id are in flat arrays. At
 * 100 000 surveys there are 37 000 media sets holding 100 000 surveys; reading each set's stage
 * and its surveys' captures through the world's objects at each filter change took 20–110 ms on
 * the 2-core machine. Made once (at the first filter the page asks for), then kept: a change
 * refreshes only the sets and captures it touched.
 */
import { mediaStatusOf, MEDIA_STATUSES, type MediaFilter, type MediaStatus } from '../domain/mediaFilter';
import type { Capture, Id, IsoDate, Media } from '../domain/types';
import type { World } from '../engine/world';

/** A day as a number (2026-03-01 → 20260301), so days compare as numbers; 0: none. Read digit by digit. */
function dayNumber(day: IsoDate | null): number {
  if (!day) return 0;
  let n = 0;
  for (const i of [0, 1, 2, 3, 5, 6, 8, 9]) n = n * 10 + day.charCodeAt(i) - 48;
  return n;
}

/** A status as a number; 0: none the filter names (Ready to Receive). */
const statusCode = (status: MediaStatus | null): number => (status === null ? 0 : MEDIA_STATUSES.indexOf(status) + 1);

/** Codes of texts (seasons, projects): each text a number, given as it is first met. */
class Codes {
  private readonly of = new Map<string, number>();
  code(text: string): number {
    let n = this.of.get(text);
    if (n === undefined) this.of.set(text, (n = this.of.size));
    return n;
  }
  /** The code of a text, or -1 if no capture has it. */
  find(text: string): number {
    return this.of.get(text) ?? -1;
  }
}

/** A filter as numbers, for one scan. */
export interface PackedFilter {
  status: number;
  from: number;
  to: number;
  season: number | null;
  project: number | null;
  /** the capture id text, in lower case (null: no such filter) */
  text: string | null;
  /** for each capture number when packed, whether its capture id holds the text */
  cpid: Uint8Array;
}

export class MediaIndex {
  private readonly slots = new Map<Id, number>();
  /** The world's media list as slots, in its order; null once the list changed (made again when next scanned). */
  private ordered: Int32Array | null = null;
  private status: number[] = [];
  private received: number[] = [];
  private captures: number[][] = [];
  private readonly captureSlots = new Map<Id, number>();
  private readonly seasonOf: number[] = [];
  private readonly projectOf: number[] = [];
  private readonly cpidOf: string[] = [];
  private readonly seasons = new Codes();
  private readonly projects = new Codes();

  constructor(private readonly world: World) {
    for (const id of world.ids.captures) this.refreshCapture(id);
    for (const id of world.ids.media) this.refreshMedia(id);
  }

  /**
   * A capture came or changed: its season, project and capture id as the filters read them.
   * Answers whether any of them moved (a capture is changed whenever a survey of it is).
   */
  refreshCapture(id: Id): boolean {
    const c: Capture | undefined = this.world.index.captures[id];
    if (!c) return false;
    let slot = this.captureSlots.get(id);
    if (slot === undefined) this.captureSlots.set(id, (slot = this.cpidOf.length));
    const season = this.seasons.code(c.season);
    const project = this.projects.code(c.projectId);
    const cpid = c.cpid.toLowerCase();
    if (this.seasonOf[slot] === season && this.projectOf[slot] === project && this.cpidOf[slot] === cpid) return false;
    this.seasonOf[slot] = season;
    this.projectOf[slot] = project;
    this.cpidOf[slot] = cpid;
    return true;
  }

  /** The world's list of media sets changed (a set came, went or moved). */
  listChanged(): void {
    this.ordered = null;
  }

  /** A media set came, changed or went: what the filters read of it now. */
  refreshMedia(id: Id): void {
    const m: Media | undefined = this.world.index.media[id];
    if (!m) {
      this.slots.delete(id);
      this.ordered = null;
      return;
    }
    let slot = this.slots.get(id);
    if (slot === undefined) {
      this.slots.set(id, (slot = this.status.length));
      this.ordered = null;
    }
    this.status[slot] = statusCode(mediaStatusOf(m));
    this.received[slot] = dayNumber(m.receivedOn);
    const caps: number[] = [];
    for (const sid of m.surveyIds) {
      const captureId = this.world.index.surveys[sid]?.captureId;
      if (captureId === undefined) continue;
      if (!this.captureSlots.has(captureId)) this.refreshCapture(captureId);
      const c = this.captureSlots.get(captureId);
      if (c !== undefined && !caps.includes(c)) caps.push(c);
    }
    this.captures[slot] = caps;
  }

  /** The filter as numbers: codes no capture has match nothing. */
  pack(filter: MediaFilter): PackedFilter {
    const text = filter.cpid?.toLowerCase() ?? null;
    return {
      status: statusCode(filter.status),
      from: dayNumber(filter.receivedFrom),
      to: dayNumber(filter.receivedTo),
      season: filter.season === null ? null : this.seasons.find(filter.season),
      project: filter.projectId === null ? null : this.projects.find(filter.projectId),
      text,
      cpid: text === null ? new Uint8Array() : Uint8Array.from(this.cpidOf, (cpid) => (cpid.includes(text) ? 1 : 0)),
    };
  }

  /** Every set the packed filter matches, in the world's order: a scan of flat arrays. */
  scan(f: PackedFilter): Id[] {
    const ids = this.world.ids.media;
    if (!this.ordered || this.ordered.length !== ids.length) this.ordered = Int32Array.from(ids, (id) => this.slots.get(id) ?? -1);
    const out: Id[] = [];
    this.ordered.forEach((slot, i) => {
      if (slot >= 0 && this.meets(slot, f)) out.push(ids[i]!);
    });
    return out;
  }

  /**
   * Whether a set meets the packed filter (the person's stars are the caller's). The season,
   * project and capture id filters are each met by one of its captures at least: a set of two
   * captures of two seasons matches either season.
   */
  matches(id: Id, f: PackedFilter): boolean {
    const slot = this.slots.get(id);
    return slot !== undefined && this.meets(slot, f);
  }

  private meets(slot: number, f: PackedFilter): boolean {
    if (f.status && this.status[slot] !== f.status) return false;
    const day = this.received[slot]!;
    if (f.from && (day === 0 || day < f.from)) return false;
    if (f.to && (day === 0 || day > f.to)) return false;
    if (f.season === null && f.project === null && f.text === null) return true;
    let season = f.season === null;
    let project = f.project === null;
    let text = f.text === null;
    for (const c of this.captures[slot]!) {
      season ||= this.seasonOf[c] === f.season;
      project ||= this.projectOf[c] === f.project;
      // A capture met after the filter was packed is read as it is.
      text ||= c < f.cpid.length ? f.cpid[c] === 1 : this.cpidOf[c]!.includes(f.text!);
      if (season && project && text) return true;
    }
    return false;
  }
}
