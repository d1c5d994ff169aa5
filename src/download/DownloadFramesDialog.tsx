/**
 * Download Frames (docs/download-frames.md): a survey's frames at one scale, of all its lines or
 * some, in one ZIP streamed to disk. The dialog chooses, then shows the progress with Cancel
 * download, then says what became of the ZIP and names every frame it could not fetch.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { surveyLabel } from '../../worker/domain/names';
import { useFlags } from '../engine/hooks';
import { usePhotoIndex } from '../hooks/usePhotoIndex';
import { usePwaState } from '../pwa/pwaState';
import { DownloadEnded } from './DownloadEnded';
import type { DownloadFramesRequest } from './downloadFramesStore';
import { destinationText, progressText } from './downloadTexts';
import { FrameChoiceFields } from './FrameChoiceFields';
import { framesToZip, photoSetLines } from './frameList';
import { scaleOf, zipFileName, type DownloadScale } from './frameNames';
import { useFrameDownload } from './useFrameDownload';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export default function DownloadFramesDialog({ request, onClose }: { request: DownloadFramesRequest; onClose: () => void }) {
  const styles = useStyles();
  const photos = usePhotoIndex();
  const { imageProxy } = useFlags();
  const { offline } = usePwaState();
  const { phase, start, cancel, again } = useFrameDownload();
  const [scale, setScale] = useState<DownloadScale>('full');
  const index = photos.status === 'ready' ? photos.index : null;
  const lines = useMemo(() => (index ? photoSetLines(index) : []), [index]);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const chosenLines = useMemo(() => chosen ?? lines.map((l) => l.line), [chosen, lines]);
  const [linesError, setLinesError] = useState<string | undefined>();
  const survey = surveyLabel(request.surveyId);
  const frames = useMemo(
    () => (index ? framesToZip(index, request.surveyId, { scale, lines: chosenLines }, imageProxy) : []),
    [index, request.surveyId, scale, chosenLines, imageProxy],
  );
  const name = zipFileName(request.surveyId, scale, chosenLines, chosenLines.length === lines.length);
  // On each change of phase the button that goes on takes the focus, so the keyboard is never left
  // on a control that is gone. The dialog's opening focuses its first control itself.
  const focusRef = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) focusRef.current?.focus();
    opened.current = true;
  }, [phase.kind]);

  const proxied = Boolean(imageProxy?.trim());
  const linesHint =
    lines.length > 0 && lines.length !== request.linesFlown
      ? `The sample photo set holds ${lines.length} lines; this survey flew ${request.linesFlown}.`
      : undefined;

  const submit = () => {
    if (chosenLines.length === 0) {
      setLinesError('Choose at least one line');
      return;
    }
    void start({ frames, name, survey, surveyId: request.surveyId, scaleLabel: scaleOf(scale).label });
  };

  const title = `Download frames of ${survey}`;
  if (phase.kind === 'running') {
    const { progress } = phase;
    return (
      <DialogBody>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent className={styles.content}>
          <Field label="Downloading frames" validationState="none" validationMessage={progressText(progress)}>
            <ProgressBar value={progress.framesTotal ? (progress.framesDone + progress.missing) / progress.framesTotal : undefined} max={1} thickness="large" />
          </Field>
          <Text>{phase.stopping ? 'Cancelling…' : destinationText(phase.target, phase.name)}</Text>
        </DialogContent>
        <DialogActions>
          <Button ref={focusRef} onClick={cancel} disabledFocusable={phase.stopping}>
            Cancel download
          </Button>
        </DialogActions>
      </DialogBody>
    );
  }
  if (phase.kind === 'ended') {
    return (
      <DialogBody>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent className={styles.content}>
          <DownloadEnded outcome={phase.outcome} />
        </DialogContent>
        <DialogActions>
          <Button onClick={again}>Download again</Button>
          <Button ref={focusRef} appearance="primary" onClick={onClose}>
            Close
          </Button>
        </DialogActions>
      </DialogBody>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <DialogBody>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent className={styles.content}>
          {phase.error && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{phase.error}</MessageBarBody>
            </MessageBar>
          )}
          {proxied && (
            <MessageBar intent="warning">
              <MessageBarBody>
                Download Frames reads the console&apos;s own photo set. With an image proxy set (Settings), the proxy&apos;s images cannot be read
                into a ZIP: clear the image proxy to download frames.
              </MessageBarBody>
            </MessageBar>
          )}
          {offline && !proxied && (
            <MessageBar intent="info">
              <MessageBarBody>Offline: the ZIP will hold the frames kept on this device, and name the others.</MessageBarBody>
            </MessageBar>
          )}
          {photos.status === 'loading' && <Spinner size="small" label="Loading the photo index…" />}
          {photos.status === 'error' && (
            <MessageBar intent="error">
              <MessageBarBody>{photos.message}</MessageBarBody>
            </MessageBar>
          )}
          {index && (
            <>
              <FrameChoiceFields
                scale={scale}
                onScale={setScale}
                lines={lines}
                cameras={index.cameras.length}
                chosen={chosenLines}
                onChosen={(next) => {
                  setChosen(next);
                  setLinesError(undefined);
                }}
                linesHint={linesHint}
                linesError={linesError}
              />
              {chosenLines.length > 0 && (
                <Text>
                  {frames.length === 1 ? '1 frame' : `${frames.length} frames`} in one ZIP, {name}
                </Text>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button ref={focusRef} appearance="primary" type="submit" disabled={!index || proxied}>
            Download
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}
