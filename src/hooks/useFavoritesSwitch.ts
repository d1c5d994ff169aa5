/**
 * "My favorites" on a list (issue 36): on while the page's URL says `favorites=1`, so the back
 * button and a shared link keep it. Answers whose stars the list asks for (the signed-in
 * person's), and a way to turn it on or off (a new history entry; the rest of the query stays).
 */
import { useSearchParams } from 'wouter';
import { useCurrent } from '../engine/hooks';
import { FAVORITES_PARAM, favoritesIn } from '../app/favoritesParam';

export function useFavoritesSwitch(): { on: boolean; starredBy: string | null; set: (on: boolean) => void } {
  const [params, setParams] = useSearchParams();
  const email = useCurrent().user?.email ?? null;
  const on = favoritesIn(params);
  const set = (next: boolean) =>
    setParams((prev) => {
      const query = new URLSearchParams(prev);
      if (next) query.set(FAVORITES_PARAM, '1');
      else query.delete(FAVORITES_PARAM);
      return query;
    });
  return { on, starredBy: on ? email : null, set };
}
