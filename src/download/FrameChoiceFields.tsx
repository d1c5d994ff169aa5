/**
 * Download Frames' choice: one scale, and the lines (all, or some). "All lines" checks or clears
 * every line and shows mixed when only some are chosen.
 */
import { Checkbox, Field, Label, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DOWNLOAD_SCALES, type DownloadScale } from './frameNames';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' },
  lines: { display: 'flex', flexDirection: 'column', paddingLeft: tokens.spacingHorizontalL },
  hint: { margin: 0, color: tokens.colorNeutralForeground3 },
});

export interface FrameChoiceFieldsProps {
  scale: DownloadScale;
  onScale: (scale: DownloadScale) => void;
  lines: readonly { line: number; frames: number }[];
  cameras: number;
  chosen: readonly number[];
  onChosen: (lines: number[]) => void;
  /** Said beside the lines, e.g. that the photo set holds fewer lines than were flown. */
  linesHint?: string;
  linesError?: string;
  disabled?: boolean;
}

export function FrameChoiceFields({ scale, onScale, lines, cameras, chosen, onChosen, linesHint, linesError, disabled }: FrameChoiceFieldsProps) {
  const styles = useStyles();
  const all = lines.length > 0 && lines.every((l) => chosen.includes(l.line));
  const some = !all && chosen.length > 0;
  const toggle = (line: number, on: boolean) => onChosen(lines.map((l) => l.line).filter((l) => (l === line ? on : chosen.includes(l))));
  return (
    <>
      <Field label="Scale">
        <RadioGroup layout="horizontal" value={String(scale)} disabled={disabled} onChange={(_, data) => onScale(data.value === 'full' ? 'full' : (Number(data.value) as DownloadScale))}>
          {DOWNLOAD_SCALES.map((s) => (
            <Radio key={s.slug} value={String(s.scale)} label={s.label} />
          ))}
        </RadioGroup>
      </Field>
      {/* A group, not a Field: a Field would hand its one id to every checkbox inside it. */}
      <div className={styles.group} role="group" aria-labelledby="download-lines-label" aria-describedby={linesHint ? 'download-lines-hint' : undefined}>
        <Label id="download-lines-label">Lines</Label>
        {linesHint && (
          <Text as="p" id="download-lines-hint" size={200} className={styles.hint}>
            {linesHint}
          </Text>
        )}
        <Checkbox
          label="All lines"
          disabled={disabled}
          checked={all ? true : some ? 'mixed' : false}
          aria-invalid={linesError ? true : undefined}
          onChange={(_, data) => onChosen(data.checked === true ? lines.map((l) => l.line) : [])}
        />
        <div className={styles.lines}>
          {lines.map((l) => (
            <Checkbox
              key={l.line}
              label={`Line ${l.line} · ${l.frames} frames × ${cameras} cameras`}
              disabled={disabled}
              checked={chosen.includes(l.line)}
              onChange={(_, data) => toggle(l.line, data.checked === true)}
            />
          ))}
        </div>
        {/* The lines' message has no control of its own: the checkboxes above are what it is about. */}
        {linesError && <Field validationMessage={linesError} />}
      </div>
    </>
  );
}
