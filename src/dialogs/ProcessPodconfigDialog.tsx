/**
 * Process PodConfig (SPEC §2, §5): a drop zone and a file picker for the survey's pod
 * configuration. One .xml file only: the engine checks the files and answers with the message.
 */
import { useRef, useState, type DragEvent } from 'react';
import { Button, Text, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { DocumentRegular } from '@fluentui/react-icons';
import type { Survey } from '../../worker/domain/types';
import { FormDialog } from '../components/FormDialog';
import { useAction } from '../app/useAction';
import { SurveySummary } from './SurveySummary';
import { postPodconfigToTestEndpoint } from './podconfigUpload';

const useStyles = makeStyles({
  zone: {
    marginTop: '12px',
    padding: '20px',
    ...shorthands.border('2px', 'dashed', tokens.colorNeutralStroke1),
    borderRadius: tokens.borderRadiusLarge,
    textAlign: 'center',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '8px',
  },
  over: { ...shorthands.borderColor(tokens.colorBrandStroke1), backgroundColor: tokens.colorBrandBackground2 },
  hidden: { position: 'absolute', width: '1px', height: '1px', opacity: 0, ...shorthands.overflow('hidden') },
  file: { display: 'flex', alignItems: 'center', gap: '4px' },
});

export function ProcessPodconfigDialog({ survey, onClose }: { survey: Survey; onClose: () => void }) {
  const styles = useStyles();
  const run = useAction();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [over, setOver] = useState(false);

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    setFiles(Array.from(e.dataTransfer.files));
  };

  return (
    <FormDialog
      open
      title="Process PodConfig"
      onClose={onClose}
      onOk={async () => {
        const result = await run({
          type: 'processPodconfig',
          surveyId: survey.surveyId,
          files: files.map((f) => ({ name: f.name, size: f.size })),
        });
        if (!result.ok) return result.error;
        postPodconfigToTestEndpoint(files[0]!);
        return null;
      }}
    >
      <SurveySummary survey={survey} />
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
        <Button onClick={() => input.current?.click()}>Choose file</Button>
        <input
          ref={input}
          className={styles.hidden}
          type="file"
          accept=".xml,application/xml,text/xml"
          aria-label="PodConfig file"
          tabIndex={-1}
          onChange={(e) => setFiles(Array.from(e.currentTarget.files ?? []))}
        />
        {files.length > 0 && (
          <div aria-live="polite">
            {files.map((f) => (
              <Text key={f.name} className={styles.file}>
                <DocumentRegular /> {f.name} ({Math.max(1, Math.round(f.size / 1024))} kB)
              </Text>
            ))}
          </div>
        )}
      </div>
    </FormDialog>
  );
}
