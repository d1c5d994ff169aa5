/**
 * A team document's id, made and read in one place (docs/sync.md#the-synced-form): an entity is
 * `kind:id`, a frame flag `frameFlag:survey:line:frame:camera` (survey and camera escaped, so no
 * part holds a ':'), the simulation speed `speed`, a seeded world's seed `seed`, a history entry
 * `history:id`, a person's star `favourite:person:kind:id` (person and id escaped). Design
 * documents and local documents belong to the database, not to the world.
 */
import { ENTITY_KINDS } from '../../domain/restore';
import { ENTITY_KIND_WORDS } from '../../domain/teamDocRules';
import type { EntityKind, Id } from '../../domain/types';
import type { FrameFlag } from '../../domain/frameFlags';
import { isCamera, isFrame, isLine } from '../../domain/frameFlags';
import { favouriteProblem, type Favourite } from '../../domain/favourites';

export const FLAG_KIND = 'frameFlag';
/** The simulation speed's document: a setting of the synced world. */
export const SPEED_ID = 'speed';
/** The seed document's id: no entity kind, so never an entity of the world. */
export const SEED_ID = 'seed';
/** A history entry's document: `history:<entry id>`, one per entry, never changed (docs/history.md#sync). */
export const HISTORY_DOC_KIND = 'history';
export const historyDocId = (entryId: string): string => `${HISTORY_DOC_KIND}:${entryId}`;
/** Whether a document is a history entry's (read without taking the rest of its id apart). */
export const isHistoryDocId = (docId: string): boolean => docId.startsWith(`${HISTORY_DOC_KIND}:`);

/** A person's star (issue 36, docs/sync.md#favourites): one document each, written by that person alone. */
export const FAVOURITE_KIND = 'favourite';
export const favouriteDocId = (star: Favourite): string => `${FAVOURITE_KIND}:${encodeURIComponent(star.email)}:${star.kind}:${encodeURIComponent(star.id)}`;

/** Where a flag stands: its survey and frame. */
export type FlagPlace = Pick<FrameFlag, 'line' | 'frame' | 'camera'> & { surveyId: Id };

export const entityDocId = (kind: EntityKind, id: Id): string => `${kind}:${id}`;

/** What every flag document of a survey's begins with. */
export const surveyFlagsPrefix = (surveyId: Id): string => `${FLAG_KIND}:${encodeURIComponent(surveyId)}:`;

export const flagDocId = (surveyId: Id, flag: Pick<FrameFlag, 'line' | 'camera' | 'frame'>): string =>
  `${surveyFlagsPrefix(surveyId)}${flag.line}:${flag.frame}:${encodeURIComponent(flag.camera)}`;

/** What an id names: an entity, a flag, the speed, the seed, a document of the database itself, or nothing of ours. */
export type DocId =
  | { is: 'entity'; kind: EntityKind; id: Id }
  | { is: 'flag'; place: FlagPlace }
  | { is: 'speed' }
  | { is: 'history'; id: string }
  | { is: 'favourite'; star: Favourite }
  | { is: 'seed' }
  | { is: 'database' }
  | { is: 'unknown' };

const KINDS: ReadonlySet<string> = new Set(ENTITY_KINDS);

function decoded(part: string | undefined): string | null {
  if (part === undefined) return null;
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

export function parseDocId(docId: string): DocId {
  if (docId.startsWith('_')) return { is: 'database' };
  if (docId === SPEED_ID) return { is: 'speed' };
  if (docId === SEED_ID) return { is: 'seed' };
  const colon = docId.indexOf(':');
  if (colon <= 0) return { is: 'unknown' };
  const kind = docId.slice(0, colon);
  const rest = docId.slice(colon + 1);
  if (kind === HISTORY_DOC_KIND) return rest ? { is: 'history', id: rest } : { is: 'unknown' };
  if (kind === FAVOURITE_KIND) {
    const [email, starKind, id, ...more] = rest.split(':');
    const star = { email: decoded(email), kind: starKind, id: decoded(id) };
    if (more.length || favouriteProblem(star) || favouriteDocId(star as Favourite) !== docId) return { is: 'unknown' };
    return { is: 'favourite', star: star as Favourite };
  }
  if (kind === FLAG_KIND) {
    const [survey, line, frame, camera, ...more] = rest.split(':');
    const place = { surveyId: decoded(survey), line: Number(line), frame: Number(frame), camera: decoded(camera) };
    if (more.length || !place.surveyId || place.camera === null || !isLine(place.line) || !isFrame(place.frame) || !isCamera(place.camera)) return { is: 'unknown' };
    // One spelling per flag: an id written another way (`03` for `3`) would be a second document for one frame.
    if (flagDocId(place.surveyId, place as FlagPlace) !== docId) return { is: 'unknown' };
    return { is: 'flag', place: place as FlagPlace };
  }
  if (!KINDS.has(kind) || !rest) return { is: 'unknown' };
  return { is: 'entity', kind: kind as EntityKind, id: rest };
}

/** The survey a flag document belongs to ('' if the id is not a flag's). */
export function surveyOfFlagDoc(docId: string): Id {
  const parsed = parseDocId(docId);
  return parsed.is === 'flag' ? parsed.place.surveyId : '';
}

/** One entity of each kind, in words: the team rules' own (teamDocRules.ts). */
export const KIND_WORDS = ENTITY_KIND_WORDS;

/** What a document is about, in words a person reads: "Survey 8F2C…", "Frame flag: survey …, line 1, frame 7, Cam02". */
export function describedDoc(docId: string): string {
  const parsed = parseDocId(docId);
  const short = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);
  switch (parsed.is) {
    case 'entity':
      return `${KIND_WORDS[parsed.kind].replace(/^./, (c) => c.toUpperCase())} ${short(parsed.id)}`;
    case 'flag': {
      const { surveyId, line, frame, camera } = parsed.place;
      return `Frame flag: survey ${short(surveyId)}, line ${line}, frame ${frame}, ${camera}`;
    }
    case 'speed':
      return 'Simulation speed';
    case 'history':
      return `History entry ${short(parsed.id)}`;
    case 'favourite': {
      const { email, kind, id } = parsed.star;
      return `${short(email)}’s favorite ${KIND_WORDS[kind]} ${short(id)}`;
    }
    default:
      return `A document named “${short(docId)}”`;
  }
}
