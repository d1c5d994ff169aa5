/**
 * A small month calendar for the flown-on date: previous/next month, a week grid, and no day after
 * `max` (a survey cannot be flown in the future).
 */
import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { DateTime } from 'luxon';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: '4px' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(7, 32px)', gap: '2px', textAlign: 'center' },
  dow: { fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3 },
  day: { minWidth: '32px', padding: 0 },
});

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

export interface MonthCalendarProps {
  selected: DateTime | null;
  max: DateTime;
  onSelect: (day: DateTime) => void;
}

export function MonthCalendar({ selected, max, onSelect }: MonthCalendarProps) {
  const styles = useStyles();
  const [month, setMonth] = useState(() => (selected ?? max).startOf('month'));
  const lead = month.weekday - 1;
  const days = Array.from({ length: month.daysInMonth ?? 30 }, (_, i) => month.plus({ days: i }));
  const lastDay = max.endOf('day');
  return (
    <div role="group" aria-label="Calendar">
      <div className={styles.head}>
        <Button appearance="subtle" size="small" icon={<ChevronLeftRegular />} aria-label="Previous month" onClick={() => setMonth(month.minus({ months: 1 }))} />
        <Text weight="semibold">{month.setLocale('en-US').toFormat('MMMM yyyy')}</Text>
        <Button
          appearance="subtle"
          size="small"
          icon={<ChevronRightRegular />}
          aria-label="Next month"
          disabled={month.plus({ months: 1 }) > lastDay}
          onClick={() => setMonth(month.plus({ months: 1 }))}
        />
      </div>
      <div className={styles.grid}>
        {WEEKDAYS.map((d) => (
          <span key={d} className={styles.dow} aria-hidden>
            {d}
          </span>
        ))}
        {Array.from({ length: lead }, (_, i) => (
          <span key={`lead-${i}`} />
        ))}
        {days.map((d) => (
          <Button
            key={d.day}
            className={styles.day}
            size="small"
            appearance={selected?.hasSame(d, 'day') ? 'primary' : 'subtle'}
            disabled={d > lastDay}
            aria-label={d.setLocale('en-US').toFormat('d MMMM yyyy')}
            onClick={() => onSelect(d)}
          >
            {d.day}
          </Button>
        ))}
      </div>
    </div>
  );
}
