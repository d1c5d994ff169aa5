/**
 * /surveys/{sid}/qc/{line}/{camera}/{image}: one frame (docs/requirements.md#req-screen-image-viewer) in tabs 1/8, 1/4, 1/2, Full Frame
 * and Metadata, Back to QC (or Esc). Issue 8: it opens on the rendition that best suits the window,
 * fitted and centred (ViewerStage: zoom, pan), arrow keys go to the neighbouring frame (left/right)
 * and camera (up/down) at the fit, and the Metadata tab is real (frameMetadata.ts). Choosing a tab
 * hands the keys back to the frame, so the tab list does not keep the arrows. Returning to the
 * grid finds the reviewer's place there (qcPlace.ts). An unknown survey, line, camera or image is
 * Page Not Found once the survey and the photo index are known (a spinner until then), as on the
 * QC page (issue 19).
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, ChevronDownRegular, ChevronLeftRegular, ChevronRightRegular, ChevronUpRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import { surveyTitle } from '../../../worker/domain/names';
import { sameFrame } from '../../../worker/domain/frameFlags';
import { useFlags, useView } from '../../engine/hooks';
import { paths } from '../../app/paths';
import { imageUrl } from '../../images/imageUrl';
import { usePhotoIndex } from '../../hooks/usePhotoIndex';
import { formatDay } from '../../components/dates';
import { PageHeading } from '../../components/PageHeading';
import { BootSpinner } from '../../shell/BootSpinner';
import { NotFoundPage } from '../NotFoundPage';
import { frameExists } from './qcRows';
import { ImageMetadata } from './ImageMetadata';
import { useNeighbours } from './useNeighbours';
import { ViewerFlag } from './ViewerFlag';
import { markSeen, seenCell } from './qcSeen';
import { FULL_FRAME, ViewerStage } from './ViewerStage';
import { bestReduction, type Reduction, type Size } from './viewerZoom';
import { frameMetadata } from './frameMetadata';
import { usePrescreen, verdictText } from './prescreen';

type ImageTab = '8' | '4' | '2' | 'full';
type ViewTab = ImageTab | 'metadata';
const TABS: [ViewTab, string][] = [
  ['8', '1/8'],
  ['4', '1/4'],
  ['2', '1/2'],
  ['full', 'Full Frame'],
  ['metadata', 'Metadata'],
];
const reductionOf = (tab: ImageTab): Reduction => (tab === 'full' ? 1 : (Number(tab) as Reduction));
const tabOf = (k: Reduction): ImageTab => (k === 1 ? 'full' : (String(k) as ImageTab));

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '8px' },
  bar: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3, marginLeft: 'auto' },
});

export interface ImageViewerPageProps {
  surveyId: string;
  line: number;
  camera: string;
  image: string;
}

export default function ImageViewerPage({ surveyId, line, camera, image }: ImageViewerPageProps) {
  const styles = useStyles();
  const [, navigate] = useLocation();
  // null until the stage is measured: then the rendition that best suits the window.
  const [imageTab, setImageTab] = useState<ImageTab | null>(null);
  const [metadata, setMetadata] = useState(false);
  const answer = useView({ view: 'surveyQc', surveyId });
  const survey = answer?.survey ?? undefined;
  // Known once the view has answered: a survey it did not find does not exist.
  const known = answer !== undefined;
  const flightPlan = survey?.plan ?? undefined;
  const { imageProxy } = useFlags();
  const photos = usePhotoIndex();
  const index = photos.status === 'ready' ? photos.index : null;
  const nav = useNeighbours(index, surveyId, camera, image);
  // As on the QC page: once the survey is shown, and never for one that does not exist.
  const prescreen = usePrescreen(survey ? index : null, imageProxy);

  // An opened frame counts as seen for the review progress.
  useEffect(() => {
    const col = index?.cameras.indexOf(camera) ?? -1;
    if (index && nav.row !== null && col >= 0) markSeen(surveyId, line, [seenCell(nav.row, col, index.cameras.length)]);
  }, [index, nav.row, surveyId, line, camera]);

  // The grid may have been scrolled far down: the viewer starts at its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);


  const go = useCallback((to: string | null) => to && navigate(to, { replace: true }), [navigate]);
  const arrows: Record<string, string | null> = { ArrowLeft: nav.previousFrame, ArrowRight: nav.nextFrame, ArrowUp: nav.previousCamera, ArrowDown: nav.nextCamera };
  const onArrow = (key: string) => go(arrows[key] ?? null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      // Fields, menus and dialogs keep their keys.
      if (e.altKey || e.ctrlKey || e.metaKey || target?.closest('input, textarea, select, [role="menu"], [role="listbox"], [role="dialog"]')) return;
      if (e.key === 'Escape') navigate(paths.surveyQc(surveyId));
      // On the Metadata tab the arrows still change frame (the frame's stage has them otherwise).
      else if (metadata && !target?.closest('[role="tablist"]') && e.key in arrows) onArrow(e.key);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const onStageSize = useCallback(
    (stage: Size) => setImageTab((tab) => tab ?? tabOf(bestReduction(FULL_FRAME, stage, window.devicePixelRatio || 1))),
    [],
  );
  // Not found only once it is known: no "not found" flash while the survey or the index loads.
  if (!survey) return known ? <NotFoundPage /> : <BootSpinner label="Loading the survey…" />;
  if (photos.status === 'loading') return <BootSpinner label="Loading the photo index…" />;
  if (index && !frameExists(index, line, camera, image)) return <NotFoundPage />;

  // After a tab is chosen the frame takes the keys again (arrows: frames, +/−: zoom).
  const focusStage = () => requestAnimationFrame(() => document.getElementById('viewer-stage')?.focus({ preventScroll: true }));

  const reduction = reductionOf(imageTab ?? '8');
  const ref = { line, camera, image };
  const flag = survey?.frameFlags.find((f) => nav.row !== null && sameFrame(f, { line, camera, frame: nav.row + 1 }));
  return (
    <section className={styles.page} aria-label={`Image ${image}`}>
      <PageHeading
        title={image}
        subtitle={`${surveyTitle(surveyId)}${survey ? ` · ${survey.cpid}` : ''} · line ${line} · ${camera}`}
        actions={
          <Button icon={<ArrowLeftRegular />} onClick={() => navigate(paths.surveyQc(surveyId))}>
            Back to QC
          </Button>
        }
      />
      <div className={styles.bar}>
        <TabList
          selectedValue={metadata ? 'metadata' : (imageTab ?? 'choosing')}
          onTabSelect={(_, d) => {
            const value = d.value as ViewTab;
            setMetadata(value === 'metadata');
            if (value !== 'metadata') {
              setImageTab(value);
              focusStage();
            } else requestAnimationFrame(() => document.getElementById('viewer-metadata')?.focus({ preventScroll: true }));
          }}
          aria-label="Image scale"
        >
          {TABS.map(([value, label]) => (
            <Tab key={value} value={value}>
              {label}
            </Tab>
          ))}
        </TabList>
        <Button size="small" appearance="subtle" icon={<ChevronLeftRegular />} aria-label="Previous frame" disabled={!nav.previousFrame} onClick={() => go(nav.previousFrame)} />
        <Button size="small" appearance="subtle" icon={<ChevronRightRegular />} aria-label="Next frame" disabled={!nav.nextFrame} onClick={() => go(nav.nextFrame)} />
        <Button size="small" appearance="subtle" icon={<ChevronUpRegular />} aria-label="Previous camera" disabled={!nav.previousCamera} onClick={() => go(nav.previousCamera)} />
        <Button size="small" appearance="subtle" icon={<ChevronDownRegular />} aria-label="Next camera" disabled={!nav.nextCamera} onClick={() => go(nav.nextCamera)} />
        <Text size={200} className={styles.hint}>
          ← → frames · ↑ ↓ cameras (pan when zoomed) · + − 0 1 zoom · F flag · S accept · Esc back to QC · ? keys
        </Text>
      </div>
      <ViewerFlag
        survey={survey}
        at={nav.row === null ? null : { surveyId, line, camera, frame: nav.row + 1 }}
        suggestion={prescreen.frames.get(image)?.suggestion ?? null}
      />
      {!metadata ? (
        <ViewerStage
          src={imageTab ? imageUrl(ref, imageTab === 'full' ? 'full' : reduction as 8 | 4 | 2, imageProxy) : null}
          alt={`${camera} frame ${image} of line ${line}`}
          reduction={reduction}
          frameKey={`${line}/${camera}/${image}`}
          onStageSize={onStageSize}
          onActualPixels={() => setImageTab('full')}
          onArrow={onArrow}
        />
      ) : (
        <ImageMetadata
          rows={frameMetadata({
            surveyId,
            survey,
            flightPlan,
            line,
            camera,
            image,
            row: nav.row,
            lineCount: nav.lineCount,
            position: nav.position,
            surveyCount: index?.index[camera]?.length ?? null,
            day: formatDay(survey?.flownOn),
            time: nav.time,
            reduction,
            fullFrame: FULL_FRAME,
            prescreen: verdictText(prescreen, image),
            flag,
          })}
        />
      )}
    </section>
  );
}
