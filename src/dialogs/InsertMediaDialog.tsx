/**
 * Insert media into an empty drive (SPEC §2, §5): the bays it fills (bay 1 by default) and the
 * surveys it holds, each with flight plan, size preset and flown-on date. The engine refuses an
 * empty list ('At least one survey is required') and a date in the future. Each message sits
 * beside what it is about and goes as soon as that input changes; every new survey starts on the
 * first flight plan of a capture still being flown, so OK alone inserts a valid media set.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Field, Label, Text, makeStyles } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { DateTime } from 'luxon';
import type { NewSurveyInput } from '../../worker/api';
import type { Drive } from '../../worker/domain/types';
import { FormDialog } from '../components/FormDialog';
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
const FUTURE_DATE = 'Flown-on date cannot be in the future';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
  bays: { display: 'flex', flexWrap: 'wrap', gap: '4px' },
  list: { display: 'flex', flexDirection: 'column', gap: '8px' },
});

export function InsertMediaDialog({ drive, onClose }: { drive: Drive; onClose: () => void }) {
  const styles = useStyles();
  const run = useAction();
  const today = useRef(DateTime.local()).current;
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
  useEffect(() => {
    if (firstChoice) setDrafts((all) => (all.some((d) => d.flightPlanId === null) ? all.map((d) => (d.flightPlanId === null ? { ...d, flightPlanId: firstChoice } : d)) : all));
  }, [firstChoice]);

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

  const submit = async (): Promise<string | null | false> => {
    const found: InsertErrors = { drafts: {} };
    const surveys: NewSurveyInput[] = [];
    for (const d of drafts) {
      const flownOn = parseFlownOn(d.flownOn);
      const mine: NewSurveyErrors = {};
      if (!d.flightPlanId) mine.flightPlan = 'Please choose a flight plan';
      if (!flownOn) mine.flownOn = `Flown-on date must look like ${formatFlownOn(today)}`;
      else if (flownOn.startOf('day') > today.startOf('day')) mine.flownOn = FUTURE_DATE;
      if (mine.flightPlan || mine.flownOn) found.drafts[d.key] = mine;
      else surveys.push({ flightPlanId: d.flightPlanId!, size: d.size, flownOn: flownOn!.toISODate()! });
    }
    if (bays.length === 0) found.bays = 'Please choose at least one bay';
    if (drafts.length === 0) found.surveys = 'At least one survey is required';
    if (found.bays || found.surveys || Object.keys(found.drafts).length > 0) {
      setErrors(found);
      return false;
    }
    const result = await run({ type: 'insertMedia', host: drive.host, bays, surveys });
    if (result.ok) return null;
    // The engine's refusals that name an input go beside it; any other at the top.
    if (result.error === 'At least one survey is required') {
      setErrors({ drafts: {}, surveys: result.error });
      return false;
    }
    return result.error;
  };

  return (
    <FormDialog open wide title={`Insert media into ${drive.host}`} onClose={onClose} onOk={submit}>
      <div className={styles.form}>
        <Text>
          Drive <strong>{drive.host}</strong>
        </Text>
        <div role="group" aria-labelledby="insert-bays-label">
          <Label id="insert-bays-label">Bays</Label>
          <div className={styles.bays}>
            {Array.from({ length: Math.max(1, drive.bays) }, (_, i) => i + 1).map((bay) => (
              <Checkbox key={bay} label={`Bay ${bay}`} checked={bays.includes(bay)} onChange={(_, d) => toggleBay(bay, d.checked === true)} />
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
          <Button icon={<AddRegular />} onClick={add}>
            Add survey
          </Button>
        </div>
      </div>
    </FormDialog>
  );
}
