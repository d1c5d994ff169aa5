/**
 * The receive id preview shown while typing media ids (SPEC §5): the received date as YYMMDD,
 * '_', then the item ids joined with '_'. The engine sets the real one when receiving starts.
 */
import { DateTime } from 'luxon';

export function receiveIdPreview(itemIds: string[], today: DateTime = DateTime.local()): string {
  return [today.toFormat('yyMMdd'), ...itemIds.map((s) => s.trim())].join('_');
}
