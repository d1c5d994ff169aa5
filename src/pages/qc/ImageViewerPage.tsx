/**
 * /surveys/{sid}/qc/{line}/{camera}/{image}: one frame (SPEC §2) in tabs 1/8, 1/4, 1/2, Full Frame
 * and Metadata, Back to QC (or Esc), and arrow keys to the neighbouring frame (left/right) and
 * camera (up/down). Returning to the grid finds the reviewer's place there (qcPlace.ts).
 */
import { useEffect, useState } from 'react';
import { Button, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, ChevronDownRegular, ChevronLeftRegular, ChevronRightRegular, ChevronUpRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import { shortId } from '../../../worker/domain/shortId';
import { useEntity, useFlags } from '../../engine/hooks';
import { paths } from '../../app/paths';
import { imageUrl, type ImageScale } from '../../images/imageUrl';
import { usePhotoIndex } from '../../hooks/usePhotoIndex';
import { formatDay } from '../../components/dates';
import { PageHeading } from '../../components/PageHeading';
import { ImageMetadata } from './ImageMetadata';
import { ScaledImage } from './ScaledImage';
import { useNeighbours } from './useNeighbours';
import { ViewerFlag } from './ViewerFlag';
import { markSeen, seenCell } from './qcSeen';

type ViewTab = '8' | '4' | '2' | 'full' | 'metadata';
const TABS: [ViewTab, string][] = [
  ['8', '1/8'],
  ['4', '1/4'],
  ['2', '1/2'],
  ['full', 'Full Frame'],
  ['metadata', 'Metadata'],
];

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px' },
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
  const [tab, setTab] = useState<ViewTab>('8');
  const survey = useEntity('surveys', surveyId);
  const { imageProxy } = useFlags();
  const photos = usePhotoIndex();
  const index = photos.status === 'ready' ? photos.index : null;
  const nav = useNeighbours(index, surveyId, camera, image);

  // An opened frame counts as seen for the review progress.
  useEffect(() => {
    const col = index?.cameras.indexOf(camera) ?? -1;
    if (index && nav.row !== null && col >= 0) markSeen(surveyId, line, [seenCell(nav.row, col, index.cameras.length)]);
  }, [index, nav.row, surveyId, line, camera]);

  // The grid may have been scrolled far down: the viewer starts at its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      // Fields, menus and dialogs keep their keys.
      if (e.altKey || e.ctrlKey || e.metaKey || target?.closest('input, textarea, select, [role="menu"], [role="listbox"], [role="dialog"]')) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        navigate(paths.surveyQc(surveyId));
        return;
      }
      // Arrow keys belong to the tab list while it has focus.
      if (target?.closest('[role="tablist"]')) return;
      const to = { ArrowLeft: nav.previousFrame, ArrowRight: nav.nextFrame, ArrowUp: nav.previousCamera, ArrowDown: nav.nextCamera }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      if (to) navigate(to, { replace: true });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [nav, navigate, surveyId]);

  const ref = { line, camera, image };
  const scale: ImageScale | null = tab === 'metadata' ? null : tab === 'full' ? 'full' : (Number(tab) as 8 | 4 | 2);
  const go = (to: string | null) => to && navigate(to, { replace: true });
  return (
    <section className={styles.page} aria-label={`Image ${image}`}>
      <PageHeading
        title={image}
        subtitle={`Survey ${shortId(surveyId)}${survey ? ` · ${survey.cpid}` : ''} · line ${line} · ${camera}`}
        actions={
          <Button icon={<ArrowLeftRegular />} onClick={() => navigate(paths.surveyQc(surveyId))}>
            Back to QC
          </Button>
        }
      />
      <div className={styles.bar}>
        <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as ViewTab)} aria-label="Image scale">
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
          ← → frames · ↑ ↓ cameras · F flag · Esc back to QC · ? keys
        </Text>
      </div>
      <ViewerFlag survey={survey} at={nav.row === null ? null : { surveyId, line, camera, frame: nav.row + 1 }} />
      {scale !== null ? (
        <ScaledImage src={imageUrl(ref, scale, imageProxy)} alt={`${camera} frame ${image} of line ${line}`} />
      ) : (
        <ImageMetadata
          rows={[
            ['Image', image],
            ['Line', String(line)],
            ['Camera', camera],
            ['Frame in line', nav.row === null ? '—' : `${nav.row + 1} of ${nav.lineCount}`],
            // 1-based, like the line's: the frame's place among all of the camera's frames in the survey.
            ['Frame in survey', nav.position === null ? '—' : `${nav.position + 1} of ${index?.index[camera]?.length ?? '—'}`],
            ['Time', nav.time ?? '—'],
            ['Survey', shortId(surveyId)],
            ['Capture', survey?.cpid ?? '—'],
            ['Flown on', formatDay(survey?.flownOn)],
          ]}
        />
      )}
    </section>
  );
}
