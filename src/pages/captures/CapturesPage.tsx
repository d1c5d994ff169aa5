/**
 * /captures: the capture table (docs/requirements.md#req-screen-captures), sortable by capture id or last received date in either
 * direction (never-received captures last). Past LIST_CAP rows only the rows near the viewport are
 * asked for and rendered. `?stage=` narrows it to the captures at one displayed stage. The
 * worker's captures view answers the rows of the window, sorted and filtered where the world is.
 * "My favorites" (`?favorites=1`) narrows it to the captures the signed-in person starred.
 */
import { useRef, useState } from 'react';
import { Text, makeStyles } from '@fluentui/react-components';
import { Link, useSearch } from 'wouter';
import type { CaptureSortKey, SortDir } from '../../../worker/domain/sort';
import { useViewKeepingLast } from '../../engine/hooks';
import { paths } from '../../app/paths';
import { useRowWindow } from '../../hooks/useRowWindow';
import { useFavoritesSwitch } from '../../hooks/useFavoritesSwitch';
import { ListHeading } from '../../components/ListHeading';
import { CAPTURE_ROW_HEIGHT_PX } from './CaptureTableRow';
import { CaptureTable } from './CaptureTable';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px' },
});

export default function CapturesPage() {
  const styles = useStyles();
  const [by, setBy] = useState<CaptureSortKey>('lastReceivedOn');
  const [dir, setDir] = useState<SortDir>('desc');
  // `?stage=Publishing`: the dashboard's pipeline bars open the captures at one displayed stage.
  const stage = new URLSearchParams(useSearch()).get('stage');
  const favorites = useFavoritesSwitch();
  const body = useRef<HTMLTableSectionElement>(null);
  const [total, setTotal] = useState(0);
  const { start, count, windowed } = useRowWindow(body, total, CAPTURE_ROW_HEIGHT_PX);
  // The rows of the last answer stay while another sort or window is answered; the headers say their order.
  const { starredBy } = favorites;
  const { answer: table, answers } = useViewKeepingLast({ view: 'captures', by, dir, stage, starredBy, start, count }, `${by} ${dir} ${stage ?? ''} ${starredBy ?? ''}`);
  if (table && table.total !== total) setTotal(table.total);
  const shownTotal = table?.total ?? 0;

  const sortBy = (key: CaptureSortKey) => {
    if (key === by) setDir(dir === 'asc' ? 'desc' : 'asc');
    else {
      setBy(key);
      setDir('asc');
    }
  };

  return (
    <section className={styles.page} aria-labelledby="captures-title">
      <ListHeading id="captures-title" title="Captures" />
      {stage && (
        <Text>
          {shownTotal} {shownTotal === 1 ? 'capture' : 'captures'} at <strong>{stage}</strong> ·{' '}
          <Link href={paths.captures()}>Show every stage</Link>
        </Text>
      )}
      <CaptureTable
        label="Captures"
        rows={table?.rows}
        start={table?.start}
        total={table?.total}
        windowed={windowed}
        bodyRef={body}
        empty={favorites.on ? `You have no favorite captures${stage ? ' at this stage' : ''}. Star one with the star beside its capture id.` : 'There are no captures.'}
        sort={answers}
        onSort={sortBy}
      />
    </section>
  );
}
