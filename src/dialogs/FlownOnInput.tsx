/**
 * The flown-on date: typed as 'dd MMM yyyy' (docs/requirements.md#req-date-input) or picked on a small month calendar whose
 * days after `max`, or before 1990 (EARLIEST_DAY, the engine's bound), cannot be chosen. Esc or
 * Enter leaves the field (blurs) without closing the dialog or submitting it; a typed date is
 * normalised when the field is left. A typed day out of bounds goes to the engine, which says so.
 */
import { useRef, useState } from 'react';
import { Button, Input, Popover, PopoverSurface, PopoverTrigger } from '@fluentui/react-components';
import { CalendarRegular } from '@fluentui/react-icons';
import { DateTime } from 'luxon';
import { DATE_INPUT_FORMAT, EARLIEST_DAY } from '../../worker/domain/constants';
import { MonthCalendar } from './MonthCalendar';

const LOCALE = 'en-US';
const EARLIEST = DateTime.fromISO(EARLIEST_DAY);

/** The typed text as a day, or null when it is not a 'dd MMM yyyy' date. */
export function parseFlownOn(text: string): DateTime | null {
  const d = DateTime.fromFormat(text.trim(), DATE_INPUT_FORMAT, { locale: LOCALE });
  return d.isValid ? d : null;
}

export function formatFlownOn(d: DateTime): string {
  return d.setLocale(LOCALE).toFormat(DATE_INPUT_FORMAT);
}

export interface FlownOnInputProps {
  value: string;
  onChange: (text: string) => void;
  label: string;
  className?: string;
  max: DateTime;
}

export function FlownOnInput({ value, onChange, label, max, className }: FlownOnInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const parsed = parseFlownOn(value);
  return (
    <Input
      className={className}
      ref={input}
      aria-label={label}
      placeholder={DATE_INPUT_FORMAT}
      value={value}
      onChange={(_, d) => onChange(d.value)}
      onBlur={() => {
        if (parsed) onChange(formatFlownOn(parsed));
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          input.current?.blur();
        }
      }}
      contentAfter={
        <Popover trapFocus withArrow open={picking} onOpenChange={(_, d) => setPicking(d.open)}>
          <PopoverTrigger disableButtonEnhancement>
            <Button appearance="transparent" size="small" icon={<CalendarRegular />} aria-label={`Choose ${label.toLowerCase()}`} />
          </PopoverTrigger>
          <PopoverSurface>
            <MonthCalendar selected={parsed} min={EARLIEST} max={max} onSelect={(d) => {
                onChange(formatFlownOn(d));
                setPicking(false);
              }}
            />
          </PopoverSurface>
        </Popover>
      }
    />
  );
}
