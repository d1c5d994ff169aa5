/**
 * The Media page's filter as its URL's query says it (issue 36): `?status=received&season=2026+Fall
 * &from=2026-01-01&to=2026-03-31&project=DRAPP&cpid=NC26&favorites=1`. Read with the worker's own
 * rule (mediaFilterOf), so a hand-edited link reads as the filters it soundly names and no more;
 * written in one order, so one filter is one link.
 */
import { mediaFilterOf, NO_MEDIA_FILTER, type MediaFilter } from '../../../worker/domain/mediaFilter';
import { FAVORITES_PARAM, favoritesIn } from '../../app/favoritesParam';

/** The page's filter: the worker's, with "My favorites" as on or off (whose stars: the signed-in person's). */
export type PageFilter = Omit<MediaFilter, 'starredBy'> & { favorites: boolean };

/** Each field's name in the query, in the order the query is written. */
const PARAMS = { status: 'status', season: 'season', receivedFrom: 'from', receivedTo: 'to', projectId: 'project', cpid: 'cpid' } as const;
type Field = keyof typeof PARAMS;
const FIELDS = Object.keys(PARAMS) as Field[];

const { starredBy: _whose, ...none } = NO_MEDIA_FILTER;
export const NO_PAGE_FILTER: PageFilter = { ...none, favorites: false };

export function pageFilterOf(params: URLSearchParams): PageFilter {
  const { starredBy: _whose, ...filter } = mediaFilterOf(Object.fromEntries(FIELDS.map((f) => [f, params.get(PARAMS[f])])));
  return { ...filter, favorites: favoritesIn(params) };
}

export function queryOf(filter: PageFilter): URLSearchParams {
  const query = new URLSearchParams();
  for (const f of FIELDS) {
    const value = filter[f];
    if (value !== null) query.set(PARAMS[f], value);
  }
  if (filter.favorites) query.set(FAVORITES_PARAM, '1');
  return query;
}

export function isPageFiltered(filter: PageFilter): boolean {
  return filter.favorites || FIELDS.some((f) => filter[f] !== null);
}

/** The filter the media view is asked with: "My favorites" as the signed-in person's stars. */
export function viewFilterOf(filter: PageFilter, email: string | null): MediaFilter {
  const { favorites, ...rest } = filter;
  return { ...rest, starredBy: favorites ? email : null };
}
