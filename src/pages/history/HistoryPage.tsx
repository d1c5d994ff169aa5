/**
 * /surveys/{sid}/history, /captures/{cid}/history, /media/{mid}/history, /drives/{host}/history
 * (docs/history.md#the-page): who did what, when and where, newest first. The worker answers the
 * rows already filtered by person and kind of event; the page shows them and hands them over as
 * CSV for an audit.
 */
import { useState } from 'react';
import { Avatar, Button, Field, Select, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, BotRegular } from '@fluentui/react-icons';
import type { HistoryGroup } from '../../../worker/domain/history';
import type { HistoryAnswer, HistoryOf, HistoryRow } from '../../../worker/screens';
import { useViewKeepingLast } from '../../engine/hooks';
import { paths } from '../../app/paths';
import { downloadText } from '../../app/download';
import { AppLink } from '../../components/AppLink';
import { PageHeading } from '../../components/PageHeading';
import { formatInstant } from '../../components/dates';
import { BootSpinner } from '../../shell/BootSpinner';
import { NotFoundPage } from '../NotFoundPage';
import { conflictText, historyCsv, historyCsvName } from './historyCsv';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  filters: { display: 'flex', flexWrap: 'wrap', gap: '12px 24px', alignItems: 'flex-end' },
  filter: { minWidth: '220px' },
  wide: { overflowX: 'auto' },
  // Narrower than this the columns crush their words: the region scrolls sideways instead.
  table: { minWidth: '760px' },
  muted: { color: tokens.colorNeutralForeground2 },
  who: { display: 'flex', alignItems: 'center', gap: '8px', whiteSpace: 'nowrap' },
  when: { whiteSpace: 'nowrap' },
  conflict: { color: tokens.colorPaletteMarigoldForeground2 },
});

const BACK: Record<HistoryOf, { href: (id: string) => string; text: string }> = {
  surveys: { href: (id) => paths.surveyQc(id), text: 'Open the survey' },
  captures: { href: (id) => paths.capture(id), text: 'Open the capture' },
  media: { href: () => paths.media(), text: 'Back to the media' },
  drives: { href: () => paths.drives(), text: 'Back to the drives' },
};

export default function HistoryPage({ of, id }: { of: HistoryOf; id: string }) {
  const styles = useStyles();
  const [person, setPerson] = useState('');
  const [group, setGroup] = useState<HistoryGroup | ''>('');
  const spec = { view: 'history' as const, of, id, person: person || null, group: group || null };
  const { answer } = useViewKeepingLast(spec, `${of}:${id}`);
  if (!answer || (answer.loading && answer.found)) return <BootSpinner label="Reading the history…" />;
  if (!answer.found) return <NotFoundPage />;
  const filtered = person !== '' || group !== '';
  const download = () => downloadText(historyCsvName(of, id, answer.title), historyCsv(answer.rows), 'text/csv');
  const back = BACK[of];
  return (
    <div className={styles.root}>
      <PageHeading
        title={`History of ${answer.title}`}
        subtitle={
          <>
            {countText(answer, filtered)} ·{' '}
            <AppLink href={back.href(id)}>{back.text}</AppLink>
          </>
        }
        actions={
          <Button icon={<ArrowDownloadRegular />} onClick={download} disabled={answer.rows.length === 0}>
            Download CSV
          </Button>
        }
      />
      <div className={styles.filters} role="group" aria-label="Filter the history">
        <Field label="Person" className={styles.filter}>
          <Select value={person} onChange={(_, d) => setPerson(d.value)}>
            <option value="">Everyone</option>
            {answer.people.map((p) => (
              <option key={p.email} value={p.email}>
                {p.name} ({p.initials})
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Kind of event" className={styles.filter}>
          <Select value={group} onChange={(_, d) => setGroup(d.value as HistoryGroup | '')}>
            <option value="">Every kind</option>
            {answer.groups.map((g) => (
              <option key={g.group} value={g.group}>
                {g.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {answer.rows.length === 0 ? (
        <Text className={styles.muted}>{filtered ? 'No entries match these filters. Choose Everyone and Every kind to see the whole history.' : `Nothing has happened to ${answer.title} yet.`}</Text>
      ) : (
        // A region that scrolls sideways is a keyboard stop, so it can be scrolled without a mouse.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className={styles.wide} role="region" aria-label="History table" tabIndex={0}>
          <HistoryTable rows={answer.rows} title={answer.title} withSurveys={of === 'captures' || of === 'media'} />
        </div>
      )}
    </div>
  );
}

function countText(answer: HistoryAnswer, filtered: boolean): string {
  const n = (k: number) => `${k} ${k === 1 ? 'entry' : 'entries'}`;
  return filtered ? `${answer.rows.length} of ${n(answer.total)}` : n(answer.total);
}

function HistoryTable({ rows, title, withSurveys }: { rows: readonly HistoryRow[]; title: string; withSurveys: boolean }) {
  const styles = useStyles();
  return (
    <Table aria-label={`History of ${title}`} size="small" className={styles.table}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>When</TableHeaderCell>
          <TableHeaderCell>What</TableHeaderCell>
          {withSurveys && <TableHeaderCell>Survey</TableHeaderCell>}
          <TableHeaderCell>Who</TableHeaderCell>
          <TableHeaderCell>Where</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <HistoryTableRow key={r.key} row={r} withSurveys={withSurveys} />
        ))}
      </TableBody>
    </Table>
  );
}

function HistoryTableRow({ row, withSurveys }: { row: HistoryRow; withSurveys: boolean }) {
  const styles = useStyles();
  return (
    <TableRow>
      <TableCell className={styles.when}>
        <Text block>{formatInstant(row.at)}</Text>
        {row.arrivedAt !== undefined && (
          <Text block size={200} className={styles.muted}>
            Arrived here {formatInstant(row.arrivedAt)}
          </Text>
        )}
      </TableCell>
      <TableCell>
        <Text block>{row.what}</Text>
        {row.conflict && (
          <Text block size={200} className={styles.conflict}>
            Conflict: {conflictText(row.conflict)}
          </Text>
        )}
      </TableCell>
      {withSurveys && <TableCell>{row.surveys || '—'}</TableCell>}
      <TableCell>
        {row.by ? (
          <span className={styles.who}>
            <Avatar size={24} name={row.by.name} initials={row.by.initials} color="colorful" aria-hidden />
            <Text title={row.by.email}>{row.role ? `${row.by.name} (${row.role})` : row.by.name}</Text>
          </span>
        ) : (
          <span className={styles.who}>
            <Avatar size={24} icon={<BotRegular />} color="neutral" aria-hidden />
            <Text className={styles.muted}>{row.automatic ? 'Automatic' : 'Nobody signed in'}</Text>
          </span>
        )}
      </TableCell>
      <TableCell className={styles.when}>{row.laptop || <span className={styles.muted}>Every laptop</span>}</TableCell>
    </TableRow>
  );
}
