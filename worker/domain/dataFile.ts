/**
 * The world as a file: the shape of public/data/all.json (and of Export and Import), and what the
 * engine's `db` holds. Beside the entities (types.ts) rather than among them: a file also holds
 * the history's start and people's stars, whose modules build on the entities.
 */
import type { Favourite } from './favourites';
import type { HistoryFile } from './historyFile';
import type { EntityMaps, IdLists } from './types';

/** Shape of public/data/all.json (docs/requirements.md#req-call-all-json). */
export interface DataFile {
  version: number;
  index: EntityMaps;
  ids: IdLists;
  /**
   * How its history began and, in a file (Export, Import, a generated past), its entries
   * (docs/history.md). The world in memory keeps only the start: entries are read when shown.
   */
  history?: HistoryFile;
  /** People's stars (issue 36): absent in all.json and in exports from before them. */
  favourites?: Favourite[];
}

/** What `db` holds. */
export interface Db extends DataFile {
  /** Save stamp (epoch ms): at boot the newest valid copy wins. */
  savedAt: number;
  /** When this world was loaded from all.json; the demo expires from here. */
  loadedAt: number;
}
