/**
 * A small calendar for the flown-on date: a month of days, and a decade of years (docs/requirements.md#req-display-formats: the
 * year picker's decade view shows 10 years) reached by the month title. No day after `max` can be
 * chosen (a survey cannot be flown in the future), nor before `min` (issue 19: the engine takes no
 * day before 1990, so the calendar does not offer one).
 */
import { useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import type { DateTime } from 'luxon';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: '4px', gap: '4px' },
  days: { display: 'grid', gridTemplateColumns: 'repeat(7, 32px)', gap: '2px', textAlign: 'center' },
  years: { display: 'grid', gridTemplateColumns: 'repeat(5, 48px)', gap: '4px', textAlign: 'center' },
  dow: { fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3 },
  cell: { minWidth: '32px', padding: 0 },
});

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const DECADE = 10;

export interface MonthCalendarProps {
  selected: DateTime | null;
  min: DateTime;
  max: DateTime;
  onSelect: (day: DateTime) => void;
}

export function MonthCalendar({ selected, min, max, onSelect }: MonthCalendarProps) {
  const styles = useStyles();
  const [month, setMonth] = useState(() => (selected && selected <= max && selected >= min ? selected : max).startOf('month'));
  const [view, setView] = useState<'days' | 'years'>('days');
  const lastDay = max.endOf('day');
  const firstDay = min.startOf('day');
  /** A month moved into the allowed span (a year chosen in the decade view may lead outside it). */
  const within = (m: DateTime) => (m > lastDay ? max.startOf('month') : m < firstDay.startOf('month') ? min.startOf('month') : m);

  if (view === 'years') {
    const first = Math.floor(month.year / DECADE) * DECADE;
    const years = Array.from({ length: DECADE }, (_, i) => first + i);
    return (
      <div role="group" aria-label="Choose a year">
        <div className={styles.head}>
          <Button
            appearance="subtle"
            size="small"
            icon={<ChevronLeftRegular />}
            aria-label="Previous decade"
            disabled={first <= min.year}
            onClick={() => setMonth(month.minus({ years: DECADE }))}
          />
          <strong>
            {first} – {first + DECADE - 1}
          </strong>
          <Button
            appearance="subtle"
            size="small"
            icon={<ChevronRightRegular />}
            aria-label="Next decade"
            disabled={first + DECADE > max.year}
            onClick={() => setMonth(month.plus({ years: DECADE }))}
          />
        </div>
        <div className={styles.years}>
          {years.map((y) => (
            <Button
              key={y}
              size="small"
              className={styles.cell}
              appearance={y === month.year ? 'primary' : 'subtle'}
              disabled={y > max.year || y < min.year}
              onClick={() => {
                setMonth(within(month.set({ year: y })));
                setView('days');
              }}
            >
              {y}
            </Button>
          ))}
        </div>
      </div>
    );
  }

  const lead = month.weekday - 1;
  const days = Array.from({ length: month.daysInMonth ?? 30 }, (_, i) => month.plus({ days: i }));
  return (
    <div role="group" aria-label="Calendar">
      <div className={styles.head}>
        <Button
          appearance="subtle"
          size="small"
          icon={<ChevronLeftRegular />}
          aria-label="Previous month"
          disabled={month <= firstDay.startOf('month')}
          onClick={() => setMonth(month.minus({ months: 1 }))}
        />
        <Button appearance="subtle" size="small" aria-label={`${month.setLocale('en-US').toFormat('MMMM yyyy')}, choose a year`} onClick={() => setView('years')}>
          {month.setLocale('en-US').toFormat('MMMM yyyy')}
        </Button>
        <Button
          appearance="subtle"
          size="small"
          icon={<ChevronRightRegular />}
          aria-label="Next month"
          disabled={month.plus({ months: 1 }) > lastDay}
          onClick={() => setMonth(month.plus({ months: 1 }))}
        />
      </div>
      <div className={styles.days}>
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
            className={styles.cell}
            size="small"
            appearance={selected?.hasSame(d, 'day') ? 'primary' : 'subtle'}
            disabled={d > lastDay || d < firstDay}
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
