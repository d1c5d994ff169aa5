/**
 * /media: the media sets (docs/requirements.md#req-screen-media, #req-list-cap) that the filters
 * match, the first LIST_CAP (150) of them, and how many match. The filters live in the URL's query
 * (mediaQuery.ts); the worker's media view answers the matching sets, so the page filters
 * nothing. An empty world says where media comes from (the drives); filters that match nothing
 * say so, with a way to clear them.
 */
import { useCallback, useMemo } from 'react';
import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { Link, useSearchParams } from 'wouter';
import { useCurrent, useViewKeepingLast } from '../../engine/hooks';
import { paths } from '../../app/paths';
import { useRowStyles } from '../../components/rowStyles';
import { useRowsInSteps } from '../../hooks/useRowsInSteps';
import type { MediaRow } from '../../../worker/screens';
import { ClearFilters, MediaFilters } from './MediaFilters';
import { MediaTableRow } from './MediaTableRow';
import { isFiltered } from '../../../worker/domain/mediaFilter';
import { isPageFiltered, NO_PAGE_FILTER, pageFilterOf, queryOf, viewFilterOf, type PageFilter } from './mediaQuery';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px' },
  count: { color: tokens.colorNeutralForeground2, marginInlineStart: 'auto', alignSelf: 'center' },
});

export const NO_MATCH_TEXT = 'No media sets match these filters.';

/** How many sets the page shows of how many, in words. */
function countText(total: number, shown: number, filtered: boolean): string {
  const sets = `${total.toLocaleString('en')} media ${total === 1 ? 'set' : 'sets'}`;
  const what = filtered ? `${sets} ${total === 1 ? 'matches' : 'match'}` : sets;
  return total > shown ? `${what} · showing the first ${shown}` : what;
}

/** The rows of one answer, mounted a step at a time: 150 new rows in one commit was a long task. */
function MediaRows({ rows }: { rows: readonly MediaRow[] }) {
  const shown = useRowsInSteps(rows.length);
  return rows.slice(0, shown).map((row) => <MediaTableRow key={row.key} media={row} />);
}

export default function MediaPage() {
  const styles = useStyles();
  const rowStyles = useRowStyles();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // One filter object per query: the filters' own effects follow the query, not every render.
  const filter = useMemo(() => pageFilterOf(new URLSearchParams(search)), [search]);
  const change = useCallback((next: PageFilter) => setParams(queryOf(next)), [setParams]);
  const clear = useCallback(() => setParams(queryOf(NO_PAGE_FILTER)), [setParams]);
  const email = useCurrent().user?.email ?? null;
  // The rows of the filter before stay on screen until the new filter's are answered: no flash of
  // "Loading", and the old rows go in the same commit as the new ones come.
  const { answer: list, answers } = useViewKeepingLast({ view: 'media', filter: viewFilterOf(filter, email) });
  const rows = list?.rows ?? [];
  // The filter as one query (a hand-made link may hold its parameters in another order, or more).
  const asked = queryOf(filter).toString();
  const shown = answers ? queryOf({ ...answers.filter, favorites: answers.filter.starredBy !== null }).toString() : asked;
  // What the rows on screen answer: the count and the empty state speak of them.
  const filtered = answers ? isFiltered(answers.filter) : isPageFiltered(filter);
  return (
    <section className={styles.page} aria-labelledby="media-title">
      <Title2 as="h1" id="media-title">
        Media
      </Title2>
      <MediaFilters filter={filter} onChange={change}>
        <Text className={styles.count} role="status">
          {list ? countText(list.total, rows.length, filtered) : 'Counting media sets…'}
        </Text>
        <ClearFilters filter={filter} onClear={clear} />
      </MediaFilters>
      <div className={rowStyles.scroll}>
        <Table aria-label="Media" className={rowStyles.table} size="small" aria-busy={shown !== asked}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell style={{ width: 140 }}>Received On</TableHeaderCell>
              <TableHeaderCell>Media</TableHeaderCell>
              <TableHeaderCell style={{ width: 90 }}>Surveys</TableHeaderCell>
              <TableHeaderCell>Captures</TableHeaderCell>
              <TableHeaderCell style={{ width: 200 }}>Status</TableHeaderCell>
              <TableHeaderCell style={{ width: 180 }}>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {!list ? (
              <TableRow>
                <TableCell colSpan={6} className={rowStyles.empty}>
                  Loading media…
                </TableCell>
              </TableRow>
            ) : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} className={rowStyles.empty}>
                  {filtered ? (
                    <>
                      {NO_MATCH_TEXT}{' '}
                      <Button appearance="transparent" size="small" onClick={clear}>
                        Clear the filters
                      </Button>
                    </>
                  ) : (
                    <>
                      No media sets have been received. <Link href={paths.drives()}>Go to the drives</Link> to insert and receive media.
                    </>
                  )}
                </TableCell>
              </TableRow>
            ) : (
              // Each filter's rows mount a step at a time, from the first step (docs/views.md#the-media-filters).
              <MediaRows key={shown} rows={rows} />
            )}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
