/**
 * Process PodConfig (docs/requirements.md#req-modals, #req-validation-podconfig; issue 13): a drop zone and a file picker for the survey's pod
 * configuration. The chosen file is read and sent to the engine, which checks it off the main
 * thread: a bad file gets its message beside the field and the dialog stays open; a good one shows
 * what it holds ("6 cameras, pod serial …") before OK. A sample file is offered for demos.
 */
import { useRef, useState, type DragEvent } from 'react';
import { Button, Field, Link, Text, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DocumentRegular } from '@fluentui/react-icons';
import type { PodconfigSummary } from '../../worker/api';
import type { SurveyRow } from '../../worker/screens';
import { engineClient } from '../engine/client';
import { DialogForm, formDialog } from '../components/FormDialog';
import { REFUSED_ATTRIBUTE } from '../components/useRevealRefusal';
import { TruncatedText } from '../components/TruncatedText';
import { useAction } from '../app/useAction';
import { SurveySummary } from './SurveySummary';
import { postPodconfigToTestEndpoint } from './podconfigUpload';
import { SAMPLE_PODCONFIG_URL, readPodconfigFiles } from './podconfigRead';

const useStyles = makeStyles({
  zone: {
    padding: '20px',
    ...shorthands.border('2px', 'dashed', tokens.colorNeutralStroke1),
    borderRadius: tokens.borderRadiusLarge,
    textAlign: 'center',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '8px',
    minWidth: 0,
  },
  field: { marginTop: '12px' },
  over: { ...shorthands.borderColor(tokens.colorBrandStroke1), backgroundColor: tokens.colorBrandBackground2 },
  hidden: { position: 'absolute', width: '1px', height: '1px', opacity: 0, ...shorthands.overflow('hidden') },
  file: { display: 'flex', alignItems: 'center', gap: '4px', maxWidth: '100%', minWidth: 0 },
  summary: { display: 'flex', alignItems: 'center', gap: '4px', color: tokens.colorPaletteGreenForeground1 },
  size: { whiteSpace: 'nowrap' },
  sample: { marginTop: '8px', display: 'block' },
});

type Check = { state: 'none' } | { state: 'checking' } | { state: 'ok'; summary: PodconfigSummary } | { state: 'error'; error: string };

type ProcessPodconfigFormProps = { survey: SurveyRow; onClose: () => void };

export const ProcessPodconfigDialog = formDialog(ProcessPodconfigForm);

/** The chosen files and their check, fresh on each opening. */
function ProcessPodconfigForm({ survey, onClose }: ProcessPodconfigFormProps) {
  const styles = useStyles();
  const run = useAction();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [over, setOver] = useState(false);
  const [check, setCheck] = useState<Check>({ state: 'none' });
  // A later choice wins over the answer to an earlier one still in flight.
  const choice = useRef(0);

  const choose = async (chosen: File[]) => {
    const mine = ++choice.current;
    setFiles(chosen);
    if (!chosen.length) return setCheck({ state: 'none' });
    setCheck({ state: 'checking' });
    // Read-only: the engine checks the file as Process PodConfig would, and changes nothing.
    const result = await engineClient().checkPodconfig(await readPodconfigFiles(chosen));
    if (mine !== choice.current) return;
    setCheck(result.ok ? { state: 'ok', summary: result.summary } : { state: 'error', error: result.error });
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    void choose(Array.from(e.dataTransfer.files));
  };

  return (
    <DialogForm
      title="Process PodConfig"
      onClose={onClose}
      onOk={async () => {
        const mine = ++choice.current;
        const result = await run({ type: 'processPodconfig', surveyId: survey.surveyId, files: await readPodconfigFiles(files) });
        if (!result.ok) {
          // A file's message belongs beside the file field; anything else (a stale action) below.
          if (result.field !== 'file') return result.error;
          if (mine === choice.current) setCheck({ state: 'error', error: result.error });
          return false;
        }
        postPodconfigToTestEndpoint(files[0]!);
        return null;
      }}
    >
      <SurveySummary survey={survey} />
      <Field
        className={styles.field}
        validationState={check.state === 'error' ? 'error' : 'none'}
        validationMessage={check.state === 'error' ? check.error : undefined}
      >
        <div
          className={mergeClasses(styles.zone, over && styles.over)}
          data-testid="podconfig-dropzone"
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
        >
          <Text>Drop the PodConfig .xml file here, or</Text>
          {/* After a refused file, focus comes back here, to choose another. */}
          <Button onClick={() => input.current?.click()} {...{ [REFUSED_ATTRIBUTE]: check.state === 'error' ? 'true' : undefined }}>
            Choose file
          </Button>
          <input
            ref={input}
            className={styles.hidden}
            type="file"
            accept=".xml,application/xml,text/xml"
            aria-label="PodConfig file"
            tabIndex={-1}
            onChange={(e) => void choose(Array.from(e.currentTarget.files ?? []))}
          />
          {files.length > 0 && (
            <div aria-live="polite" className={styles.file}>
              {files.map((f, i) => (
                <Text key={`${i}:${f.name}`} className={styles.file}>
                  <DocumentRegular /> <TruncatedText text={f.name} />
                  <span className={styles.size}>({Math.max(1, Math.round(f.size / 1024))} kB)</span>
                </Text>
              ))}
            </div>
          )}
          {check.state === 'checking' && <Text>Reading the file…</Text>}
          {check.state === 'ok' && (
            <Text className={styles.summary} role="status">
              <CheckmarkCircleRegular /> {check.summary.text}
            </Text>
          )}
        </div>
      </Field>
      <Link className={styles.sample} href={SAMPLE_PODCONFIG_URL} download="podconfig-sample.xml">
        Download a sample PodConfig file
      </Link>
    </DialogForm>
  );
}
