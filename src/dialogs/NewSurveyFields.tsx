/**
 * One survey of the insert-media dialog: its flight plan, size preset and flown-on date, and a
 * button to take it out again.
 */
import { Button, Dropdown, Field, Option, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import type { DateTime } from 'luxon';
import { SIZE_PRESETS_S, type SizePreset } from '../../worker/domain/constants';
import type { Id } from '../../worker/domain/types';
import { FlightPlanPicker } from './FlightPlanPicker';
import { FlownOnInput } from './FlownOnInput';

export interface NewSurveyDraft {
  key: number;
  flightPlanId: Id | null;
  size: SizePreset;
  flownOn: string;
}

/** Messages about this survey's inputs, shown beside them. */
export interface NewSurveyErrors {
  flightPlan?: string;
  flownOn?: string;
}

const PRESETS = Object.keys(SIZE_PRESETS_S) as SizePreset[];

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto',
    gridTemplateAreas: '"plan plan remove" "size date ."',
    gap: '8px',
    alignItems: 'end',
    padding: '8px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  plan: { gridArea: 'plan' },
  size: { gridArea: 'size' },
  date: { gridArea: 'date' },
  remove: { gridArea: 'remove' },
  /** Fluent's inputs have a 250 px minimum; here they share a row. */
  control: { minWidth: 0, width: '100%' },
});

export interface NewSurveyFieldsProps {
  n: number;
  draft: NewSurveyDraft;
  today: DateTime;
  errors?: NewSurveyErrors;
  onChange: (draft: NewSurveyDraft) => void;
  onRemove: () => void;
}

export function NewSurveyFields({ n, draft, today, errors, onChange, onRemove }: NewSurveyFieldsProps) {
  const styles = useStyles();
  return (
    <div className={styles.row} role="group" aria-label={`Survey ${n}`}>
      <Field label="Flight plan" className={styles.plan} validationMessage={errors?.flightPlan}>
        <FlightPlanPicker className={styles.control} label="Flight plan" value={draft.flightPlanId} onChange={(flightPlanId) => onChange({ ...draft, flightPlanId })} />
      </Field>
      <Field label="Size" className={styles.size}>
        <Dropdown
          className={styles.control}
          aria-label="Size"
          value={`${draft.size} (${SIZE_PRESETS_S[draft.size]} s)`}
          selectedOptions={[draft.size]}
          onOptionSelect={(_, d) => d.optionValue && onChange({ ...draft, size: d.optionValue as SizePreset })}
        >
          {PRESETS.map((p) => (
            <Option key={p} value={p} text={`${p} (${SIZE_PRESETS_S[p]} s)`}>
              {`${p} (${SIZE_PRESETS_S[p]} s)`}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="Flown on" className={styles.date} validationMessage={errors?.flownOn}>
        <FlownOnInput className={styles.control} label="Flown on" value={draft.flownOn} max={today} onChange={(flownOn) => onChange({ ...draft, flownOn })} />
      </Field>
      <Button className={styles.remove} appearance="subtle" icon={<DeleteRegular />} aria-label={`Remove survey ${n}`} onClick={onRemove} />
    </div>
  );
}
