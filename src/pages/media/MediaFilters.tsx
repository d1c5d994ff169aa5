/**
 * The Media page's filters (issue 36, docs/requirements.md#req-screen-media): status, season,
 * received-on range, project, capture id and "My favorites", each a labelled control that works
 * by keyboard. What they say lives in the URL's query (mediaQuery.ts): a change is a new history
 * entry, so the back button and a shared link keep it. The worker answers the sets that match;
 * nothing is filtered here. A capture id is sent once typing pauses (or on Enter).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Dropdown, Field, Input, Option, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { FILTER_TEXT_MAX, MEDIA_STATUS_LABELS, MEDIA_STATUSES, type MediaStatus } from '../../../worker/domain/mediaFilter';
import { useView } from '../../engine/hooks';
import { isPageFiltered, type PageFilter } from './mediaQuery';

/** How long typing in the capture id waits before the filter follows it. */
export const CPID_PAUSE_MS = 300;

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: '12px',
    padding: '12px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
  },
  field: { width: '170px' },
  /** Fluent's dropdown is 250 px at the least: here it takes its field's width. */
  dropdown: { minWidth: 'unset', width: '100%' },
  date: { width: '160px' },
  favorites: { paddingBottom: '2px' },
});

export interface MediaFiltersProps {
  filter: PageFilter;
  onChange: (filter: PageFilter) => void;
  /** What the bar ends with: the count of what matches, and Clear. */
  children?: ReactNode;
}

/** A dropdown of one filter: "any" (not set) or one of the choices. */
function Choice({ label, any, value, choices, onChange }: { label: string; any: string; value: string | null; choices: readonly { value: string; text: string }[]; onChange: (value: string | null) => void }) {
  const styles = useStyles();
  const chosen = choices.find((c) => c.value === value);
  return (
    <Field label={label} className={styles.field}>
      <Dropdown className={styles.dropdown} value={chosen?.text ?? any} selectedOptions={[chosen?.value ?? '']} onOptionSelect={(_, d) => onChange(d.optionValue ? d.optionValue : null)}>
        <Option value="">{any}</Option>
        {choices.map((c) => (
          <Option key={c.value} value={c.value}>
            {c.text}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

const STATUS_CHOICES = MEDIA_STATUSES.map((s) => ({ value: s, text: MEDIA_STATUS_LABELS[s] }));

export function MediaFilters({ filter, onChange, children }: MediaFiltersProps) {
  const styles = useStyles();
  const choices = useView({ view: 'mediaFilterChoices' });
  const set = (change: Partial<PageFilter>) => onChange({ ...filter, ...change });
  // The capture id as typed; it follows the URL when that changes (back, Clear, a link).
  const [typed, setTyped] = useState(filter.cpid ?? '');
  const [followed, setFollowed] = useState(filter.cpid);
  if (followed !== filter.cpid) {
    setFollowed(filter.cpid);
    setTyped(filter.cpid ?? '');
  }
  const cpid = typed.trim() || null;
  useEffect(() => {
    if (cpid === filter.cpid) return;
    const timer = setTimeout(() => onChange({ ...filter, cpid }), CPID_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [cpid, filter, onChange]);
  const backwards = filter.receivedFrom !== null && filter.receivedTo !== null && filter.receivedFrom > filter.receivedTo;
  const day = (field: 'receivedFrom' | 'receivedTo') => (value: string) => set({ [field]: value || null });

  return (
    <div className={styles.bar} role="group" aria-label="Media filters">
      <Choice label="Status" any="All" value={filter.status} choices={STATUS_CHOICES} onChange={(status) => set({ status: status as MediaStatus | null })} />
      <Choice label="Season" any="Any season" value={filter.season} choices={(choices?.seasons ?? []).map((s) => ({ value: s, text: s }))} onChange={(season) => set({ season })} />
      <Field label="Received from" className={styles.date}>
        <Input type="date" value={filter.receivedFrom ?? ''} max={filter.receivedTo ?? undefined} onChange={(_, d) => day('receivedFrom')(d.value)} />
      </Field>
      <Field
        label="Received to"
        className={styles.date}
        validationState={backwards ? 'warning' : 'none'}
        validationMessage={backwards ? 'Before “Received from”: no media set can match.' : undefined}
      >
        <Input type="date" value={filter.receivedTo ?? ''} min={filter.receivedFrom ?? undefined} onChange={(_, d) => day('receivedTo')(d.value)} />
      </Field>
      <Choice label="Project" any="Any project" value={filter.projectId} choices={(choices?.projects ?? []).map((p) => ({ value: p, text: p }))} onChange={(projectId) => set({ projectId })} />
      <Field label="Capture id (cpid)" className={styles.field}>
        <Input
          value={typed}
          maxLength={FILTER_TEXT_MAX}
          placeholder="e.g. SAMPLE007"
          onChange={(_, d) => setTyped(d.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && cpid !== filter.cpid) onChange({ ...filter, cpid });
          }}
        />
      </Field>
      <Switch className={styles.favorites} label="My favorites" checked={filter.favorites} onChange={(_, d) => set({ favorites: d.checked })} />
      {children}
    </div>
  );
}

/** Clears every filter; shown while any is set. */
export function ClearFilters({ filter, onClear }: { filter: PageFilter; onClear: () => void }) {
  if (!isPageFiltered(filter)) return null;
  return (
    <Button icon={<DismissRegular />} onClick={onClear}>
      Clear filters
    </Button>
  );
}
