/** docs/requirements.md#req-short-id: short ids are the first 8 characters, uppercased (flash texts name surveys by them). */
import { SHORT_ID_LENGTH } from './constants';

export function shortId(id: string): string {
  return id.slice(0, SHORT_ID_LENGTH).toUpperCase();
}
