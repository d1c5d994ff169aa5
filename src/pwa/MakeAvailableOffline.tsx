/**
 * "Make available offline" on a survey's QC page: downloads every thumbnail and frame of the survey
 * into a cache that is never evicted, with a progress bar and a Stop button, so a van can review
 * the survey with no network. Once done it says so, and offers to remove the copy.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Field, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CloudArrowDownRegular, CloudCheckmarkRegular, DeleteRegular, DismissRegular } from '@fluentui/react-icons';
import { useFlags } from '../engine/hooks';
import { loadPhotoIndex, photoUrls } from './photoSet';
import { canPin, isPinned, pinSurvey, unpinSurvey } from './pinPhotos';
import { usePwaState } from './pwaState';

type Phase =
  | { kind: 'checking' }
  | { kind: 'unavailable' }
  | { kind: 'idle'; message?: string }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'pinned' };

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  progress: { minWidth: '220px' },
  done: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorPaletteGreenForeground1 },
});

export function MakeAvailableOffline({ surveyId }: { surveyId: string }) {
  const styles = useStyles();
  const { imageProxy } = useFlags();
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const abort = useRef<AbortController | null>(null);
  // On a first visit the worker takes control a moment after the page shows: check again then.
  const { controlled } = usePwaState();

  // Leaving the page stops the download; `live` keeps a stopped job from writing to a gone page.
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      abort.current?.abort();
    };
  }, [surveyId]);

  useEffect(() => {
    let current = true;
    void (async () => {
      const next: Phase = (await isPinned(surveyId)) ? { kind: 'pinned' } : (await canPin()) ? { kind: 'idle' } : { kind: 'unavailable' };
      if (current) setPhase((phase) => (phase.kind === 'running' ? phase : next));
    })();
    return () => {
      current = false;
    };
  }, [surveyId, controlled]);

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'running', done: 0, total: 0 });
    const show = (next: Phase) => {
      if (live.current) setPhase(next);
    };
    try {
      const urls = photoUrls(await loadPhotoIndex(controller.signal), imageProxy);
      show({ kind: 'running', done: 0, total: urls.length });
      const result = await pinSurvey(surveyId, urls, (p) => show({ kind: 'running', done: p.done + p.failed, total: p.total }), controller.signal);
      if (result.type === 'cancelled') show({ kind: 'idle', message: `Stopped after ${result.done} of ${result.total} photos.` });
      else if (result.failed > 0) show({ kind: 'idle', message: `${result.failed} of ${result.total} photos could not be downloaded. Try again when the network is back.` });
      else show({ kind: 'pinned' });
    } catch (error) {
      if (controller.signal.aborted) show({ kind: 'idle', message: 'Stopped before any photo was downloaded.' });
      else show({ kind: 'idle', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const remove = async () => {
    await unpinSurvey(surveyId);
    setPhase({ kind: 'idle', message: 'The offline copy was removed.' });
  };

  if (phase.kind === 'checking') return null;
  if (phase.kind === 'unavailable') {
    return (
      <Button icon={<CloudArrowDownRegular />} disabled title="Needs the installed service worker (reload once online)">
        Make available offline
      </Button>
    );
  }
  if (phase.kind === 'running') {
    const value = phase.total ? phase.done / phase.total : undefined;
    return (
      <div className={styles.root}>
        <Field
          className={styles.progress}
          label="Downloading photos for offline use"
          validationState="none"
          validationMessage={phase.total ? `${phase.done} of ${phase.total} photos` : 'Reading the photo index…'}
        >
          <ProgressBar value={value} max={1} thickness="large" />
        </Field>
        <Button icon={<DismissRegular />} onClick={() => abort.current?.abort()}>
          Stop download
        </Button>
      </div>
    );
  }
  if (phase.kind === 'pinned') {
    return (
      <div className={styles.root}>
        <span className={styles.done} role="note" data-testid="available-offline">
          <CloudCheckmarkRegular aria-hidden />
          <Text>Available offline</Text>
        </span>
        <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => void remove()}>
          Remove offline copy
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.root}>
      <Button icon={<CloudArrowDownRegular />} onClick={() => void start()}>
        Make available offline
      </Button>
      {phase.message && <Text size={200}>{phase.message}</Text>}
    </div>
  );
}
