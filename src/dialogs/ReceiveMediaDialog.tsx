/**
 * Receive media (docs/requirements.md#req-validation-receive; issue 13): a Media ID for every bay holding media, and a preview of the
 * receive id. Each bay starts on the id the drive already shows (editable). A bay left empty gets
 * 'missing media id' beside its own field; the engine names the bay's field when a label is not a
 * media id or is already in another drive, and that message shows beside it. Each goes as soon as
 * its field changes.
 */
import { useState } from 'react';
import { Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DialogForm, formDialog } from '../components/FormDialog';
import type { MediaRow } from '../../worker/screens';
import { useAction } from '../app/useAction';
import { isoDay, receiveIdOf } from '../../worker/domain/dates';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
  preview: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});

type ReceiveMediaFormProps = { host: string; media: Pick<MediaRow, 'mediaId' | 'bays'> | null; onClose: () => void };

export const ReceiveMediaDialog = formDialog(ReceiveMediaForm);

/** The item ids and their checks, fresh on each opening (today's date included). */
function ReceiveMediaForm({ host, media, onClose }: ReceiveMediaFormProps) {
  const styles = useStyles();
  const run = useAction();
  const bays = media?.bays.length ? media.bays : [1];
  const mediaId = media?.mediaId ?? null;
  // The day the dialog opened: the preview's date (the engine stamps the day it receives).
  const [today] = useState(() => isoDay(Date.now()));
  const [itemIds, setItemIds] = useState<string[]>(() => bays.map((bay, i) => prefill(mediaId, bay, i)));
  const [missing, setMissing] = useState<boolean[]>(() => bays.map(() => false));
  const [fieldError, setFieldError] = useState<{ position: number; error: string } | null>(null);

  return (
    <DialogForm
      title={`Receive media on ${host}`}
      onClose={onClose}
      onOk={async () => {
        const trimmed = itemIds.map((s) => s.trim());
        const empty = trimmed.map((id) => id === '');
        if (empty.some(Boolean)) {
          setMissing(empty);
          return false;
        }
        const result = await run({ type: 'receiveMedia', host, itemIds: trimmed });
        if (result.ok) return null;
        const position = /^itemId:(\d+)$/.exec(result.field ?? '')?.[1];
        if (position === undefined) {
          setFieldError(null);
          return result.error;
        }
        setFieldError({ position: Number(position), error: result.error });
        return false;
      }}
    >
      <div className={styles.form}>
        {bays.map((bay, i) => (
          <Field
            key={bay}
            label={bays.length > 1 ? `Media ID (bay ${bay})` : 'Media ID'}
            hint="Letters, digits and -, up to 16"
            validationState={missing[i] || fieldError?.position === i ? 'error' : 'none'}
            validationMessage={missing[i] ? 'missing media id' : fieldError?.position === i ? fieldError.error : undefined}
          >
            <Input
              value={itemIds[i]}
              autoFocus={i === 0}
              onChange={(_, d) => {
                setItemIds((prev) => prev.map((v, j) => (j === i ? d.value : v)));
                setMissing((prev) => prev.map((m, j) => (j === i ? false : m)));
                if (fieldError?.position === i) setFieldError(null);
              }}
            />
          </Field>
        ))}
        <Text>
          Receive ID: <span className={styles.preview} data-testid="receive-id">{receiveIdOf(today, itemIds)}</span>
        </Text>
      </div>
    </DialogForm>
  );
}

/**
 * What a bay's Media ID starts as: the id the drive shows for the media. Bays after the first get
 * the bay number after it, so two bays never start on the same label.
 */
function prefill(mediaId: string | null, bay: number, index: number): string {
  if (!mediaId) return '';
  return index === 0 ? mediaId : `${mediaId}-${bay}`;
}
