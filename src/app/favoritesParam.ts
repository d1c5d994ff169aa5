/**
 * "My favorites" in a list's URL (issue 36): `favorites=1`, so the back button and a shared link
 * keep it. The lists' switch (useFavoritesSwitch), the Media page's filter and the dashboard's
 * links read and write it here.
 */
export const FAVORITES_PARAM = 'favorites';

export function favoritesIn(params: URLSearchParams): boolean {
  return params.get(FAVORITES_PARAM) === '1';
}

/** A list's path with My favorites on. */
export const withFavorites = (path: string): string => `${path}?${FAVORITES_PARAM}=1`;
