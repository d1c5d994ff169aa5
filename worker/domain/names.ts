/**
 * How an entity is named: by its key (kind and id as one string, for maps and sets on either side
 * of the worker), and a survey in words ("survey 3F2A9C1D", docs/requirements.md#req-short-id short ids), so every message,
 * title and accessible name says it the same way.
 */
import { shortId } from './shortId';
import type { EntityKind, Id } from './types';

/** One string for an entity: its kind and id. */
export function entityKey(kind: EntityKind | string, id: Id): string {
  return `${kind}${KEY_MARK}${id}`;
}

/** What joins a key's kind and id: no kind holds it. */
const KEY_MARK = '\u0000';

/** An entity key's kind and id (the key itself and '' for a key with no kind). */
export function keyParts(key: string): [kind: string, id: Id] {
  const at = key.indexOf(KEY_MARK);
  return at < 0 ? [key, ''] : [key.slice(0, at), key.slice(at + KEY_MARK.length)];
}

/** What every key of one kind begins with. */
export const kindPrefix = (kind: string): string => `${kind}${KEY_MARK}`;

/** "survey 3F2A9C1D": a survey inside a sentence. */
export function surveyLabel(surveyId: Id): string {
  return `survey ${shortId(surveyId)}`;
}

/** "Survey 3F2A9C1D": a survey at the start of a sentence or a title. */
export function surveyTitle(surveyId: Id): string {
  return `Survey ${shortId(surveyId)}`;
}
