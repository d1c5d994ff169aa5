/**
 * Every survey's history (issue 34, docs/history.md): who did what, when and where. An entry is
 * written in the commit of the action that made it, never changes, and has an id unique across a
 * team (`<at>:<laptop>:<tx>:<n>:<proof>`, the proof its content's hash), so each is one team
 * document that no one can say otherwise under its id. Entries sort
 * by time, then laptop. The simulation's own stage changes and the sample data's start are derived
 * from the world, never stored (domain/derivedHistory.ts).
 */
import type { Id } from './types';
import type { Role } from './roles';
import { humanise } from './workflow';
import { shortId } from './shortId';
import { entryProof } from './teamHash';
import { historyKindRule } from './historyKinds';

/** What happened, in the console's words once described (`describe`). */
export type HistoryWhat =
  // Media and drives (on the media set and its drive; its surveys travel with it)
  | { kind: 'inserted'; bays: number[] }
  | { kind: 'received'; receiveId: string }
  | { kind: 'receiveCancelled' }
  | { kind: 'ejected' }
  // One survey
  | { kind: 'assigned'; to: string }
  | { kind: 'reassigned'; to: string }
  | { kind: 'cancelled' }
  | { kind: 'applanix' }
  | { kind: 'podconfig' }
  | { kind: 'qcStarted' }
  | { kind: 'qcApproved' }
  | { kind: 'qcRejected'; reason: string }
  | { kind: 'flagged'; line: number; camera: string; frame: number; reason: string; note: string }
  | { kind: 'unflagged'; line: number; camera: string; frame: number }
  // A capture, and the surveys its step moved
  | { kind: 'processingStarted' }
  | { kind: 'captureQcStarted' }
  | { kind: 'captureQcApproved' }
  | { kind: 'captureQcRejected' }
  | { kind: 'publishStarted' }
  | { kind: 'cleaned' }
  // Team sync: a conflict a person settled (the entry's `conflict` says both versions and how)
  | { kind: 'settled'; subject: string }
  // Derived, never stored
  | { kind: 'stage'; stage: string; step: 'started' | 'completed' }
  | { kind: 'loaded'; from: HistoryOrigin };

export type HistoryKind = HistoryWhat['kind'];
/** Entries derived from the world (the simulation, the sample data): shown, never stored or synced. */
export const DERIVED_KINDS: ReadonlySet<HistoryKind> = new Set(['stage', 'loaded']);

/**
 * The entities an entry concerns. A media set's event (`media`, with its `drive`) concerns every
 * survey on it, which is why it lists none: surveys travel with their media set. A capture's step
 * lists the surveys it moved.
 */
export interface HistorySubjects {
  surveys?: Id[];
  capture?: Id;
  media?: Id;
  drive?: string;
}

/** How a conflict between two laptops' versions was settled (written by team sync). */
export interface HistoryConflict {
  /** Each version as the laptops had it: who, where, when, and what it said. */
  versions: { by: string; laptop: string; at: number; what: string }[];
  settledBy: string;
  settledAt: number;
  /** In words: "kept Jane Doe's version", "merged field by field". */
  how: string;
}

export interface HistoryEntry {
  /**
   * `<at, 15 digits>:<laptop>:<tx>:<n>:<proof>`: unique across the team, sorts by time then
   * laptop, and ends with the hash of the entry's content (`sealed`), so no one can say it otherwise
   * under the same id. Entries written before the proof have none (docs/history.md#the-entry).
   */
  id: string;
  /** When it was done (epoch ms, the engine's clock). */
  at: number;
  /** Who: the signed-in person's email ('' when nobody was). */
  by: string;
  /**
   * The role they acted in (issue 52), in a team world whose server said it: the team server
   * refuses an entry whose role is not its author's. None: the one-laptop demo, entries from before.
   */
  role?: Role;
  /** Where: the laptop's id (team sync's, or this browser store's). */
  laptop: string;
  /** The action's id: every entry of one action shares it. */
  tx: string;
  /** The entry's place among its action's entries. */
  n: number;
  what: HistoryWhat;
  on: HistorySubjects;
  /** When this laptop learnt of it, for a change made elsewhere or offline (team sync). */
  arrivedAt?: number;
  /** A conflict and its settlement (team sync). */
  conflict?: HistoryConflict;
}

/** Where entries are kept: the entity they are written under (a survey, capture, media set or drive). */
export type HistoryOwner = `${'s' | 'c' | 'm' | 'd'}:${string}`;

/**
 * The entities an entry is kept under: a media set's event under the media set and its drive (a
 * drive keeps the events of every media set it held), a capture's step under the capture, and
 * everything else under its one survey. None: the entry cannot be placed (derived, or malformed).
 */
export function ownersOf(entry: Pick<HistoryEntry, 'what' | 'on'>): HistoryOwner[] {
  const { what, on } = entry;
  const survey: HistoryOwner[] = on.surveys?.length === 1 ? [`s:${on.surveys[0]!}`] : [];
  const capture: HistoryOwner[] = on.capture ? [`c:${on.capture}`] : [];
  const media: HistoryOwner[] = [...(on.media ? [`m:${on.media}` as const] : []), ...(on.drive ? [`d:${on.drive}` as const] : [])];
  switch (historyKindRule(what.kind)?.under) {
    case 'survey':
      return survey;
    case 'capture':
      return capture;
    case 'media':
      return media;
    // A settled conflict is kept under the entity it was about: a survey (or a flag's), a capture, a media set or a drive.
    case 'settled':
      return survey.length ? survey : capture.length ? capture : media;
    default:
      // Derived (never stored), or no kind of ours.
      return [];
  }
}

/** The history record of an entity of a kind, if that kind keeps one. */
export function ownerOf(kind: string, id: Id): HistoryOwner | null {
  const prefix = kind === 'surveys' ? 's' : kind === 'captures' ? 'c' : kind === 'media' ? 'm' : kind === 'drives' ? 'd' : null;
  return prefix ? `${prefix}:${id}` : null;
}

/** How this world's history began: the sample data loaded, or an import that held no history. */
export type HistoryOrigin = 'sample' | 'import';
export interface HistoryStart {
  /** The instant the history began (the sample data loaded). */
  since: number;
  origin: HistoryOrigin;
}

const AT_DIGITS = 15;

export function historyId(at: number, laptop: string, tx: string, n: number): string {
  return `${String(Math.max(0, Math.floor(at))).padStart(AT_DIGITS, '0')}:${laptop}:${tx}:${n}`;
}

/**
 * An entry with its id, proof included: what every laptop and the team server check it against
 * (teamRules.js's `entryProof`). An empty list of surveys is left out first, as the stored form
 * keeps none, so the entry reads back as it was sealed.
 */
export function sealed(content: Omit<HistoryEntry, 'id' | 'arrivedAt'>): HistoryEntry {
  const { surveys, ...on } = content.on;
  const entry = { ...content, on: surveys?.length ? { ...on, surveys } : on };
  return { id: `${historyId(entry.at, entry.laptop, entry.tx, entry.n)}:${entryProof(entry)!}`, ...entry };
}

/** The proof an entry's id ends with, or null for an id of the form from before (four parts). */
export function proofOf(id: string): string | null {
  const parts = id.split(':');
  return parts.length === 5 ? parts[4]! : null;
}

/** Oldest first: by time, then laptop, then the rest of the id (the action, its order). */
export function byTime(a: Pick<HistoryEntry, 'id'>, b: Pick<HistoryEntry, 'id'>): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The kinds of event a history is filtered by, in the order the filter lists them. */
export const HISTORY_GROUPS = [
  { group: 'media', label: 'Media and drives', kinds: ['inserted', 'received', 'receiveCancelled', 'ejected'] },
  { group: 'assignment', label: 'Assignment', kinds: ['assigned', 'reassigned'] },
  { group: 'positioning', label: 'Applanix and PodConfig', kinds: ['applanix', 'podconfig'] },
  { group: 'survey-qc', label: 'Survey QC and frame flags', kinds: ['qcStarted', 'qcApproved', 'qcRejected', 'flagged', 'unflagged'] },
  { group: 'capture', label: 'Processing, capture QC and publishing', kinds: ['processingStarted', 'captureQcStarted', 'captureQcApproved', 'captureQcRejected', 'publishStarted'] },
  { group: 'removal', label: 'Cancelling and cleaning', kinds: ['cancelled', 'cleaned'] },
  { group: 'conflicts', label: 'Conflicts settled', kinds: ['settled'] },
  { group: 'automatic', label: 'Automatic stages', kinds: ['stage'] },
  { group: 'data', label: 'Sample data', kinds: ['loaded'] },
] as const satisfies readonly { group: string; label: string; kinds: readonly HistoryKind[] }[];

export type HistoryGroup = (typeof HISTORY_GROUPS)[number]['group'];
const GROUP_OF = new Map<HistoryKind, HistoryGroup>(HISTORY_GROUPS.flatMap((g) => g.kinds.map((k) => [k, g.group] as const)));

export function groupOf(kind: HistoryKind): HistoryGroup {
  return GROUP_OF.get(kind)!;
}

export const isHistoryGroup = (v: unknown): v is HistoryGroup => HISTORY_GROUPS.some((g) => g.group === v);

/** An automatic stage in words, as it runs ("Copying", "Feature matching"). */
const STAGE_WORDS: Record<string, string> = {
  copy: 'Copying',
  receive: 'Receiving',
  'frame-extraction': 'Frame extraction',
  'rolling-shutter': 'Rolling shutter correction',
  publish: 'Publishing',
};

export function stageWords(stage: string): string {
  return STAGE_WORDS[stage] ?? humanise(stage);
}

/** How a person is named in a sentence: their name when the world knows them, else their email. */
export type NameOf = (email: string) => string;

/** What happened, in the console's words. */
export function describe(what: HistoryWhat, on: HistorySubjects, nameOf: NameOf): string {
  const drive = on.drive ? ` ${on.drive}` : '';
  switch (what.kind) {
    case 'inserted':
      return `Media ${on.media ?? ''} inserted into drive${drive} (bay${what.bays.length === 1 ? '' : 's'} ${what.bays.join(', ')})`;
    case 'received':
      return `Received from drive${drive} as ${what.receiveId}`;
    case 'receiveCancelled':
      return `Receiving cancelled on drive${drive}`;
    case 'ejected':
      return `Media ${on.media ?? ''} ejected from drive${drive}`;
    case 'assigned':
      return `Assigned to ${nameOf(what.to)}`;
    case 'reassigned':
      return `Reassigned to ${nameOf(what.to)}`;
    case 'cancelled':
      return 'Survey cancelled';
    case 'applanix':
      return 'Applanix confirmed';
    case 'podconfig':
      return 'PodConfig confirmed';
    case 'qcStarted':
      return 'QC started';
    case 'qcApproved':
      return 'QC approved';
    case 'qcRejected':
      return `QC rejected: ${what.reason}`;
    case 'flagged':
      return `Frame ${what.frame} of line ${what.line} ${what.camera} flagged "${what.reason}"${what.note ? `: ${what.note}` : ''}`;
    case 'unflagged':
      return `Frame ${what.frame} of line ${what.line} ${what.camera} unflagged`;
    case 'processingStarted':
      return 'Processing started';
    case 'captureQcStarted':
      return 'Capture QC started';
    case 'captureQcApproved':
      return 'Capture QC approved';
    case 'captureQcRejected':
      return 'Capture QC rejected';
    case 'publishStarted':
      return 'Publish started';
    case 'cleaned':
      return 'Capture cleaned: its surveys and media removed';
    case 'settled':
      return `Conflict settled: ${what.subject}`;
    case 'stage':
      return what.stage === 'publish' && what.step === 'completed' ? 'Published' : `${stageWords(what.stage)} ${what.step}`;
    case 'loaded':
      return what.from === 'sample' ? 'Loaded with the sample data' : 'Loaded from an imported file';
  }
}

/** A laptop as a row names it: this one, or its short id. */
export function laptopLabel(laptop: string, here: string): string {
  if (!laptop) return '';
  return laptop === here ? 'This laptop' : `Laptop ${shortId(laptop)}`;
}
