/**
 * Chooses the flight plan a new survey was flown on. A combobox that filters as one types, from
 * the first character or none at all, and never offers more than 10 suggestions (docs/requirements.md#req-validation-pickers). With
 * nothing typed it opens on the plans of captures still being flown.
 */
import { useMemo, useState } from 'react';
import { Combobox, Option } from '@fluentui/react-components';
import { PICKER_MAX_SUGGESTIONS } from '../../worker/domain/constants';
import type { Id } from '../../worker/domain/types';
import { useFlightPlanChoices, type FlightPlanChoice } from './flightPlanChoices';

export interface FlightPlanPickerProps {
  value: Id | null;
  onChange: (flightPlanId: Id | null) => void;
  label: string;
  className?: string;
}

export function FlightPlanPicker({ value, onChange, label, className }: FlightPlanPickerProps) {
  const choices = useFlightPlanChoices();
  const selectedText = choices.find((c) => c.id === value)?.text ?? '';
  const [query, setQuery] = useState(selectedText);
  // The choices arrive a moment after the dialog opens (and a chosen plan may be renamed): the text
  // follows the choice unless the user has typed over it.
  const [shownText, setShownText] = useState(selectedText);
  if (shownText !== selectedText) {
    setShownText(selectedText);
    if (query === shownText) setQuery(selectedText);
  }
  const [open, setOpen] = useState(false);
  const needle = query === selectedText ? '' : query.trim().toLowerCase();
  const matches = useMemo(() => {
    const out: FlightPlanChoice[] = [];
    for (const c of choices) {
      if (!needle || c.haystack.includes(needle)) out.push(c);
      if (out.length === PICKER_MAX_SUGGESTIONS) break;
    }
    return out;
  }, [choices, needle]);

  return (
    <Combobox
      className={className}
      aria-label={label}
      placeholder="Type a capture or flight plan"
      value={query}
      open={open}
      onOpenChange={(_, d) => setOpen(d.open)}
      selectedOptions={value ? [value] : []}
      onChange={(e) => {
        setQuery(e.target.value);
        setOpen(true);
        if (value) onChange(null);
      }}
      onOptionSelect={(_, d) => {
        // Typing over a chosen plan makes Fluent clear the selection (no option value): keep the
        // typed text and the open list, only the choice goes.
        if (d.optionValue === undefined) {
          onChange(null);
          return;
        }
        onChange(d.optionValue);
        setQuery(d.optionText ?? '');
        setOpen(false);
      }}
    >
      {matches.length === 0 ? (
        <Option disabled value="" text="">
          No flight plan matches
        </Option>
      ) : (
        matches.map((c) => (
          <Option key={c.id} value={c.id} text={c.text}>
            {c.beingFlown ? `${c.text} (being flown)` : c.text}
          </Option>
        ))
      )}
    </Combobox>
  );
}
