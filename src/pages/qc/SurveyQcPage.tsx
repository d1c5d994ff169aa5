/**
 * /surveys/{sid}/qc: survey QC (docs/requirements.md#req-screen-survey-qc). The survey's facts and decisions, "Make available
 * offline", then its flight lines as collapsible sections (the first open) each holding a
 * windowed thumbnail grid. The open lines and the scroll position are the survey's QC place
 * (qcPlace.ts), restored on return from the viewer. Issue 8: F/U flag and unflag the focused frame
 * (the flag dialog lives here, one for all lines), ? lists the shortcuts, and the QC report
 * downloads the flagged frames as CSV. The header shows review progress (frames seen, qcSeen.ts);
 * the tools the "Flagged only" filter and the pre-screen's progress (prescreen.ts), whose
 * suggestions S accepts as flags. N/P walk the survey's flagged frames across its lines (opening
 * the line that holds the next one), and a thumbnail's context menu (FrameMenu.tsx) flags,
 * unflags, accepts a suggestion or opens the viewer. "Download frames…" opens Download Frames
 * (docs/download-frames.md), as the survey row's menu does.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  Switch,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useSearch } from 'wouter';
import { shortId } from '../../../worker/domain/shortId';
import { surveyLabel } from '../../../worker/domain/names';
import { useFlags, useView } from '../../engine/hooks';
import { BootSpinner } from '../../shell/BootSpinner';
import { usePhotoIndex } from '../../hooks/usePhotoIndex';
import { formatDay } from '../../components/dates';
import { PageHeading } from '../../components/PageHeading';
import { StarButton } from '../../components/StarButton';
import { StageStatus } from '../../components/StageStatus';
import { MakeAvailableOffline } from '../../pwa/MakeAvailableOffline';
import { NotFoundPage } from '../NotFoundPage';
import { QcGrid, type Jump } from './QcGrid';
import { FrameMenu, type FrameMenuTarget } from './FrameMenu';
import { SurveyQcActions } from './SurveyQcActions';
import { surveyNamed, useRoleRefusal } from '../../app/roleRefusal';
import { flagTime, lineFrameCount, qcLines, rowsOverrideFrom } from './qcRows';
import { seenText, useSeen } from './qcSeen';
import { ReviewProgress } from './ReviewProgress';
import { usePrescreen } from './prescreen';
import { PrescreenStatus } from './PrescreenStatus';
import type { Suggestion } from '../../../worker/prescreen/measure';
import { qcPlace, rememberFlaggedOnly, rememberFocus, rememberOpenLines, rememberScroll } from './qcPlace';
import { flagsByRow, nextFlaggedInSurvey, type SurveyCell } from './qcFlags';
import { FlagFrameDialog, type FrameAt } from './FlagFrameDialog';
import { ShortcutsDialog } from './ShortcutsDialog';
import { qcReportCsv, qcReportName } from './qcReport';
import { downloadText } from '../../app/download';
import { useAction } from '../../app/useAction';
import { HistoryLink } from '../../components/HistoryLink';
import type { FrameFlag } from '../../../worker/domain/frameFlags';
import { openDownloadFrames } from '../../download/downloadFramesStore';
import { ArrowDownloadRegular, FolderZipRegular, KeyboardRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px' },
  lines: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2 },
  panel: { margin: '0 8px 12px' },
  tools: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
});

/** Frames (about a second) to wait for the page to grow tall enough to restore the scroll. */

export default function SurveyQcPage({ surveyId }: { surveyId: string }) {
  const styles = useStyles();
  const answer = useView({ view: 'surveyQc', surveyId });
  const survey = answer?.survey ?? undefined;
  const fp = survey?.plan;
  const { imageProxy } = useFlags();
  const photos = usePhotoIndex();
  const rowsOverride = rowsOverrideFrom(useSearch());
  const lines = useMemo(() => (photos.status === 'ready' ? qcLines(photos.index, rowsOverride) : []), [photos, rowsOverride]);
  const place = qcPlace(surveyId);
  const [openLines, setOpenLines] = useState<number[] | null>(place.openLines);
  const shownOpen = openLines ?? (lines[0] ? [lines[0].line] : []);
  const restored = useRef(false);
  const restoring = useRef(false);
  const run = useAction();
  // A technician on a colleague's survey: flagging is refused before any dialog opens, with why (issue 52).
  const flagRefused = useRoleRefusal()('flagFrame', survey ? surveyNamed(survey) : undefined);
  const [flagging, setFlagging] = useState<{ at: FrameAt; current?: FrameFlag; from: HTMLElement | null; open: boolean } | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [menu, setMenu] = useState<FrameMenuTarget | null>(null);
  const [jump, setJump] = useState<Jump | null>(null);
  // Said (politely) when N/P find no flagged frame further that way.
  const [seekNote, setSeekNote] = useState('');
  const endJump = useCallback(() => setJump(null), []);
  const [flaggedOnly, setFlaggedOnly] = useState(place.flaggedOnly);
  const seen = useSeen(surveyId);
  const photoIndex = photos.status === 'ready' ? photos.index : null;
  const totals = useMemo(() => new Map(photoIndex ? lines.map((l) => [l.line, lineFrameCount(photoIndex, l)]) : []), [lines, photoIndex]);
  const seenOf = (line: number) => Math.min(seen.get(line)?.size ?? 0, totals.get(line) ?? 0);
  // Started once the survey is shown: its thumbnails, decoded beside the engine's boot, would hold
  // the page back on a 2-core laptop; and a survey that does not exist is not measured.
  const prescreen = usePrescreen(survey ? photoIndex : null, imageProxy);
  const seenAll = lines.reduce((n, l) => n + seenOf(l.line), 0);
  const totalAll = lines.reduce((n, l) => n + (totals.get(l.line) ?? 0), 0);
  const frameFlags = survey?.frameFlags;
  const present = survey !== undefined;
  const flagRows = useMemo(() => new Map(lines.map((l) => [l.line, flagsByRow(frameFlags ?? [], l.line)])), [lines, frameFlags]);

  // Back on the page: the scroll position once the lines (and so the page height) exist. The page
  // may still be hidden a moment (Suspense) or short (rows laying out): tried again on the next
  // frames until it is reached, with the recording paused meanwhile.
  useLayoutEffect(() => {
    if (restored.current || lines.length === 0 || !present) return;
    restored.current = true;
    const target = place.scrollY;
    restoring.current = true;
    let frame = 0;
    let tries = 0;
    const go = () => {
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) > 1 && tries++ < 120) frame = requestAnimationFrame(go);
      else restoring.current = false;
    };
    window.scrollTo(0, target);
    // Again after the frame: the browser's own restoration on Back may run after this commit.
    frame = requestAnimationFrame(go);
    return () => {
      cancelAnimationFrame(frame);
      restoring.current = false;
    };
  }, [lines, place, present]);
  // Recorded as the reviewer scrolls. A layout effect, so the listener is removed within the commit
  // that leaves the page, before the shorter next page (or the viewer's scroll to top) moves it.
  useLayoutEffect(() => {
    const onScroll = () => {
      if (restored.current && !restoring.current) rememberScroll(surveyId, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      // React may keep the page hidden rather than unmount it (Suspense while the viewer loads):
      // its layout effects run again when shown, and the scroll must then be restored again.
      restored.current = false;
    };
  }, [surveyId]);

  if (!survey) return answer ? <NotFoundPage /> : <BootSpinner label="Loading the survey…" />;
  const id = shortId(survey.surveyId);
  // The sample photo set holds fewer lines than most surveys fly: say so rather than mismatch.
  const linesText =
    photos.status !== 'ready' || lines.length === survey.linesFlown
      ? `${survey.linesFlown} lines`
      : `${survey.linesFlown} lines flown, ${lines.length} in the sample photo set`;
  const onFlag = (at: FrameAt, current: FrameFlag | undefined, from?: HTMLElement) => {
    if (!flagRefused) setFlagging({ at, current, from: from ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null), open: true });
  };
  // The reviewer goes on from the frame they flagged, whatever the dialog did with the focus.
  const endFlagging = () => {
    const from = flagging?.from;
    // The frame stays in the dialog while it animates closed.
    setFlagging((f) => f && { ...f, open: false });
    requestAnimationFrame(() => from?.isConnected && from.focus({ preventScroll: true }));
  };
  const onUnflag = (at: FrameAt) => {
    if (!flagRefused) void run({ type: 'unflagFrame', ...at });
  };
  // S: the pre-screen's suggestion becomes a flag, its figure the note.
  const onAccept = (at: FrameAt, s: Suggestion) => {
    if (!flagRefused) void run({ type: 'flagFrame', ...at, reason: s.reason, note: `Pre-screen: ${s.figure}` });
  };
  // N/P: the next/previous flagged frame of the survey; its line opens and its grid takes the focus.
  const onSeek = (from: SurveyCell, forward: boolean) => {
    const walk = lines.map((l) => ({ line: l.line, rowCount: l.rows.length, flags: flagRows.get(l.line) ?? new Map() }));
    const to = photoIndex ? nextFlaggedInSurvey(walk, photoIndex.cameras, from, forward) : null;
    if (!to) {
      // Emptied first, so pressing N again at the end is announced again.
      setSeekNote('');
      requestAnimationFrame(() => setSeekNote(forward ? 'No more flagged frames' : 'No flagged frames before this one'));
      return;
    }
    setSeekNote('');
    if (!shownOpen.includes(to.line)) {
      const open = [...shownOpen, to.line];
      rememberOpenLines(surveyId, open);
      setOpenLines(open);
    }
    rememberFocus(surveyId, to.line, to.cell);
    setJump({ ...to, n: (jump?.n ?? 0) + 1 });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (e.key !== '?' || target.closest('input, textarea, [role="dialog"]')) return;
    e.preventDefault();
    setHelpOpen(true);
  };
  const downloadReport = () => {
    downloadText(qcReportName(survey), qcReportCsv([survey], flagTime(lines)), 'text/csv');
  };
  const flagged = survey.frameFlags.length;
  return (
    <section className={styles.page} aria-label={`Survey QC of ${id}`} onKeyDown={onKeyDown}>
      <PageHeading
        title={`Survey QC: ${id}`}
        subtitle={`${survey.cpid} · ${fp ? `${fp.code} ${fp.name}` : 'no flight plan'} · flown ${formatDay(survey.flownOn)} · ${linesText}`}
        status={
          <>
            <StageStatus stage={survey.stage} />
            {photos.status === 'ready' && <ReviewProgress seen={seenAll} total={totalAll} />}
          </>
        }
        actions={
          <>
            <StarButton kind="surveys" id={survey.surveyId} name={surveyLabel(survey.surveyId)} />
            <SurveyQcActions survey={survey} />
            <HistoryLink of="surveys" id={survey.surveyId} name={surveyLabel(survey.surveyId)} />
          </>
        }
      />
      <MakeAvailableOffline surveyId={survey.surveyId} />
      <div className={styles.tools}>
        <Button icon={<ArrowDownloadRegular />} onClick={downloadReport}>
          Download QC report
        </Button>
        <Button icon={<FolderZipRegular />} onClick={() => openDownloadFrames({ surveyId: survey.surveyId, linesFlown: survey.linesFlown })}>
          Download frames…
        </Button>
        <Button icon={<KeyboardRegular />} onClick={() => setHelpOpen(true)}>
          Keyboard shortcuts (?)
        </Button>
        <Switch
          label="Flagged only"
          checked={flaggedOnly}
          onChange={(_, data) => {
            rememberFlaggedOnly(surveyId, data.checked);
            setFlaggedOnly(data.checked);
          }}
        />
        <PrescreenStatus state={prescreen} />
        {flagRefused && <Text role="note">{`Flags: ${flagRefused}`}</Text>}
        <span role="status">{flagged === 1 ? '1 flagged frame' : `${flagged} flagged frames`}</span>
        {/* aria-live, not a second role=status: the page's status is the count above. */}
        <span aria-live="polite">{seekNote}</span>
      </div>
      {photos.status === 'loading' && <Spinner label="Loading the photo index…" />}
      {photos.status === 'error' && (
        <MessageBar intent="error">
          <MessageBarBody>{photos.message}</MessageBarBody>
        </MessageBar>
      )}
      {photos.status === 'ready' && lines.length > 0 && (
        <Accordion
          className={styles.lines}
          multiple
          collapsible
          openItems={shownOpen}
          onToggle={(_, data) => {
            const open = (data.openItems as number[]).slice();
            rememberOpenLines(surveyId, open);
            setOpenLines(open);
          }}
        >
          {lines.map((line) => (
            <AccordionItem key={line.line} value={line.line}>
              <AccordionHeader size="large">
                Line {line.line} · {line.rows.length} frames × {photos.index.cameras.length} cameras ·{' '}
                {seenText(seenOf(line.line), totals.get(line.line) ?? 0)}
              </AccordionHeader>
              <AccordionPanel className={styles.panel}>
                <QcGrid
                  surveyId={survey.surveyId}
                  line={line}
                  index={photos.index}
                  imageProxy={imageProxy}
                  flags={flagRows.get(line.line) ?? new Map()}
                  flaggedOnly={flaggedOnly}
                  onFlag={onFlag}
                  onUnflag={onUnflag}
                  verdicts={prescreen.frames}
                  onAccept={onAccept}
                  onSeek={onSeek}
                  jump={jump?.line === line.line ? jump : undefined}
                  onJumped={endJump}
                  onMenu={setMenu}
                />
              </AccordionPanel>
            </AccordionItem>
          ))}
        </Accordion>
      )}
      {menu && <FrameMenu target={menu} refusal={flagRefused} onFlag={onFlag} onUnflag={onUnflag} onAccept={onAccept} onClose={() => setMenu(null)} />}
      {flagging && <FlagFrameDialog open={flagging.open} at={flagging.at} current={flagging.current} onClose={endFlagging} />}
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </section>
  );
}
