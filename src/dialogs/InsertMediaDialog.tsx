/**
 * Insert media into an empty drive (docs/requirements.md#req-modals, #req-validation-insert): the bays it fills (bay 1 by default) and the
 * surveys it holds, each with flight plan, size preset and flown-on date. The engine judges them
 * (no bay, an empty list: 'At least one survey is required', a date in the future…) and names the
 * input its refusal is about, so its message sits beside that input and goes as soon as the input
 * changes. The dialog only reads the typed date. Every new survey starts on the
 * first flight plan of a capture still being flown, so OK alone inserts a valid media set.
 */
import { useRef, useState } from 'react';
import { Button, Checkbox, Field, Label, Text, makeStyles } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { DateTime } from 'luxon';
import type { NewSurveyInput } from '../../worker/api';
import type { DriveRow } from '../../worker/screens';
import { DialogForm, formDialog } from '../components/FormDialog';
import { REFUSED_ATTRIBUTE } from '../components/useRevealRefusal';
import { useAction } from '../app/useAction';
import { formatFlownOn, parseFlownOn } from './FlownOnInput';
import { defaultFlightPlanId, useFlightPlanChoices } from './flightPlanChoices';
import { NewSurveyFields, type NewSurveyDraft, type NewSurveyErrors } from './NewSurveyFields';

/** Field messages, by what they are about. */
interface InsertErrors {
  bays?: string;
  surveys?: string;
  drafts: Record<number, NewSurveyErrors>;
}

const NO_ERRORS: InsertErrors = { drafts: {} };

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
  bays: { display: 'flex', flexWrap: 'wrap', gap: '4px' },
  list: { display: 'flex', flexDirection: 'column', gap: '8px' },
});

type InsertMediaFormProps = { drive: Pick<DriveRow, 'host' | 'bays'>; onClose: () => void };

export const InsertMediaDialog = formDialog(InsertMediaForm, { wide: true });

/** Insert's fields and drafts, fresh on each opening (today's date included). */
function InsertMediaForm({ drive, onClose }: InsertMediaFormProps) {
  const styles = useStyles();
  const run = useAction();
  const [today] = useState(() => DateTime.local());
  const nextKey = useRef(2);
  const [bays, setBays] = useState<number[]>([1]);
  const choices = useFlightPlanChoices();
  const newDraft = (key: number): NewSurveyDraft => ({
    key,
    flightPlanId: defaultFlightPlanId(choices),
    size: 'teeny',
    flownOn: formatFlownOn(today),
  });
  const [drafts, setDrafts] = useState<NewSurveyDraft[]>(() => [newDraft(1)]);
  const [errors, setErrors] = useState<InsertErrors>(NO_ERRORS);
  // The choices arrive a moment after the dialog opens: drafts still without a plan get the default.
  const firstChoice = defaultFlightPlanId(choices);
  const [defaulted, setDefaulted] = useState(false);
  if (firstChoice && !defaulted) {
    setDefaulted(true);
    setDrafts((all) => all.map((d) => (d.flightPlanId === null ? { ...d, flightPlanId: firstChoice } : d)));
  }

  const add = () => {
    setDrafts((d) => [...d, newDraft(nextKey.current++)]);
    setErrors((e) => ({ ...e, surveys: undefined }));
  };
  const toggleBay = (bay: number, on: boolean) => {
    setBays((b) => (on ? [...b, bay].sort((x, y) => x - y) : b.filter((x) => x !== bay)));
    setErrors((e) => ({ ...e, bays: undefined }));
  };
  const changeDraft = (next: NewSurveyDraft) => {
    setDrafts((all) => all.map((x) => (x.key === next.key ? next : x)));
    setErrors((e) => ({ ...e, drafts: { ...e.drafts, [next.key]: {} } }));
  };

  /**
   * The engine is the one judge (bays, surveys, flight plans, dates): its refusal names the input
   * it is about, and the message goes beside that input. The dialog only reads the typed date.
   */
  const submit = async (): Promise<string | null | false> => {
    const unreadable: InsertErrors = { drafts: {} };
    const surveys: NewSurveyInput[] = drafts.map((d) => {
      const flownOn = parseFlownOn(d.flownOn);
      if (!flownOn && d.flownOn.trim()) unreadable.drafts[d.key] = { flownOn: `Flown-on date must look like ${formatFlownOn(today)}` };
      return { flightPlanId: d.flightPlanId ?? '', size: d.size, flownOn: flownOn?.toISODate() ?? '' };
    });
    if (Object.keys(unreadable.drafts).length > 0) {
      setErrors(unreadable);
      return false;
    }
    const result = await run({ type: 'insertMedia', host: drive.host, bays, surveys });
    if (result.ok) return null;
    const beside = besideInput(result.field, result.error);
    if (!beside) return result.error;
    setErrors(beside);
    return false;
  };

  /** The engine's refusal as a message beside its input, or null for one about the whole form. */
  const besideInput = (field: string | undefined, error: string): InsertErrors | null => {
    if (field === 'bays') return { drafts: {}, bays: error };
    if (field === 'surveys') return { drafts: {}, surveys: error };
    const [, index, input] = /^survey:(\d+):(flightPlan|flownOn)$/.exec(field ?? '') ?? [];
    const draft = index === undefined ? undefined : drafts[Number(index)];
    if (!draft || (input !== 'flightPlan' && input !== 'flownOn')) return null;
    return { drafts: { [draft.key]: { [input]: error } } };
  };

  return (
    <DialogForm title={`Insert media into ${drive.host}`} onClose={onClose} onOk={submit}>
      <div className={styles.form}>
        <Text>
          Drive <strong>{drive.host}</strong>
        </Text>
        <div role="group" aria-labelledby="insert-bays-label">
          <Label id="insert-bays-label">Bays</Label>
          <div className={styles.bays}>
            {Array.from({ length: Math.max(1, drive.bays) }, (_, i) => i + 1).map((bay) => (
              <Checkbox
                key={bay}
                label={`Bay ${bay}`}
                checked={bays.includes(bay)}
                // The bays' message has no control of its own: the first bay takes focus after it.
                aria-invalid={errors.bays ? true : undefined}
                onChange={(_, d) => toggleBay(bay, d.checked === true)}
              />
            ))}
          </div>
          {/* A message without a control of its own: the bays above are what it is about. */}
          {errors.bays && <Field validationMessage={errors.bays} />}
        </div>
        <div className={styles.list} role="list" aria-label="Surveys on the media">
          {drafts.length === 0 && <Text italic>No surveys yet.</Text>}
          {drafts.map((d, i) => (
            <div role="listitem" key={d.key}>
              <NewSurveyFields
                n={i + 1}
                draft={d}
                today={today}
                errors={errors.drafts[d.key]}
                onChange={changeDraft}
                onRemove={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}
              />
            </div>
          ))}
        </div>
        <div>
          {errors.surveys && <Field validationMessage={errors.surveys} />}
          <Button icon={<AddRegular />} onClick={add} {...{ [REFUSED_ATTRIBUTE]: errors.surveys ? 'true' : undefined }}>
            Add survey
          </Button>
        </div>
      </div>
    </DialogForm>
  );
}
