/**
 * Search lands on the item: once the page it leads to shows the row of the chosen survey or media
 * set, the row scrolls into view and glows (the same glow as "Highlight row when action
 * performed"). Pages and rows render lazily, so it looks for the row for a little while.
 */
import type { EntityKind, Id } from '../../worker/domain/types';
import { highlightRows } from '../app/highlight';
import { ROW_ATTRIBUTE } from '../components/EntityRow';
const GIVE_UP_MS = 3000;

export function landOnRow(kind: EntityKind, id: Id): void {
  const attribute = ROW_ATTRIBUTE[kind];
  if (!attribute) return;
  const started = performance.now();
  const look = () => {
    const row = document.querySelector<HTMLElement>(`[${attribute}="${CSS.escape(id)}"]`);
    if (row) {
      highlightRows([{ kind, id }]);
      row.scrollIntoView({ block: 'center' });
      return;
    }
    if (performance.now() - started < GIVE_UP_MS) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}
