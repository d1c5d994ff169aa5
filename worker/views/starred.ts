/**
 * People's stars as the screens show them (issue 36, docs/views.md#favourites): the ids one person
 * starred (each star button reads whether its entity is among them), and the dashboard's "My
 * favorites": that person's starred captures, surveys and media sets as rows, in the lists' order.
 * A star whose entity the world no longer holds shows nowhere.
 */
import type { StarredIds } from '../domain/favourites';
import type { Id } from '../domain/types';
import type { World } from '../engine/world';
import type { RowsOf, StarredAnswer } from '../screens';
import { DASHBOARD_ROWS } from './dashboard';
import { inListOrder } from './listOrder';
import { starredSurveys } from './lists';
import { captureRow, mediaRow, surveyRow } from './rows';


/** What a star button reads: the ids the person starred, by kind. */
export function favourites(world: World, email: string | null): StarredIds {
  return world.favourites.of(typeof email === 'string' ? email : null);
}

const none = <R>(): RowsOf<R> => ({ total: 0, start: 0, rows: [] });

/** The dashboard's "My favorites": up to DASHBOARD_ROWS of each kind, and how many there are. */
export function starred(world: World, email: string | null): StarredAnswer {
  const who = typeof email === 'string' ? email : null;
  const { index } = world;
  const first = <R>(ids: Id[], row: (id: Id) => R) => ({ total: ids.length, start: 0, rows: ids.slice(0, DASHBOARD_ROWS).map(row) });
  if (!who) return { captures: none(), surveys: none(), media: none() };
  return {
    captures: first(inListOrder(world, 'captures', world.favourites.ids(who, 'captures')), (id) => captureRow(index.captures[id]!)),
    surveys: first(starredSurveys(world, who), (id) => surveyRow(world, index.surveys[id]!)),
    media: first(inListOrder(world, 'media', world.favourites.ids(who, 'media')), (id) => mediaRow(world, index.media[id]!)),
  };
}
