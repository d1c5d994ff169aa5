/**
 * Insert media into an empty drive (SPEC §2, §5): the bays it fills (bay 1 by default) and the
 * surveys it holds, each with flight plan, size preset and flown-on date. The engine refuses an
 * empty list ('At least one survey is required') and a date in the future.
 */
import { useRef, useState } from 'react';
import { Button, Checkbox, Label, Text, makeStyles } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { DateTime } from 'luxon';
import type { NewSurveyInput } from '../../worker/api';
import type { Drive } from '../../worker/domain/types';
import { FormDialog } from '../components/FormDialog';
import { useAction } from '../app/useAction';
import { formatFlownOn, parseFlownOn } from './FlownOnInput';
import { NewSurveyFields, type NewSurveyDraft } from './NewSurveyFields';

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
  const [drafts, setDrafts] = useState<NewSurveyDraft[]>([
    { key: 1, flightPlanId: null, size: 'teeny', flownOn: formatFlownOn(today) },
  ]);

  const add = () => setDrafts((d) => [...d, { key: nextKey.current++, flightPlanId: null, size: 'teeny', flownOn: formatFlownOn(today) }]);
  const toggleBay = (bay: number, on: boolean) =>
    setBays((b) => (on ? [...b, bay].sort((x, y) => x - y) : b.filter((x) => x !== bay)));

  const submit = async (): Promise<string | null> => {
    const surveys: NewSurveyInput[] = [];
    for (const d of drafts) {
      if (!d.flightPlanId) return 'Please choose a flight plan for every survey';
      const flownOn = parseFlownOn(d.flownOn);
      if (!flownOn) return `Flown-on date must look like ${formatFlownOn(today)}`;
      surveys.push({ flightPlanId: d.flightPlanId, size: d.size, flownOn: flownOn.toISODate()! });
    }
    if (bays.length === 0) return 'Please choose at least one bay';
    const result = await run({ type: 'insertMedia', host: drive.host, bays, surveys });
    return result.ok ? null : result.error;
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
        </div>
        <div className={styles.list} role="list" aria-label="Surveys on the media">
          {drafts.length === 0 && <Text italic>No surveys yet.</Text>}
          {drafts.map((d, i) => (
            <div role="listitem" key={d.key}>
              <NewSurveyFields
                n={i + 1}
                draft={d}
                today={today}
                onChange={(next) => setDrafts((all) => all.map((x) => (x.key === d.key ? next : x)))}
                onRemove={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}
              />
            </div>
          ))}
        </div>
        <div>
          <Button icon={<AddRegular />} onClick={add}>
            Add survey
          </Button>
        </div>
      </div>
    </FormDialog>
  );
}
