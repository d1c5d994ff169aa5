/**
 * Some entities of a kind in their list's order (place, then id: the order of every list a laptop
 * shares): "My favorites" narrows a list to a person's few stars without walking the whole list.
 */
import type { FavouriteKind } from '../domain/favourites';
import type { Id } from '../domain/types';
import type { World } from '../engine/world';
import { placeThenId } from '../engine/store/storedForm';

/** The ids the world holds among `ids`, in their kind's list order. */
export function inListOrder(world: World, kind: FavouriteKind, ids: Iterable<Id>): Id[] {
  const order = world.order[kind];
  const held = [...ids].filter((id) => order.has(id));
  return held.sort((a, b) => placeThenId(order.get(a)!, a, order.get(b)!, b));
}
