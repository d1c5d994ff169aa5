/**
 * The viewer's frame (issue 8): a stage that fills the window below the toolbar (never a scroll
 * box), the frame centred in it and fitted at first; zoom by wheel (about the pointer), + and −,
 * 0 to fit, 1 for actual pixels (1:1, on the Full Frame rendition); pan by dragging, or by the
 * arrows while zoomed in. At the fit the arrows are the page's (previous/next frame and camera).
 *
 * The view is kept in full-frame pixels, so switching rendition (the 1/8 … Full Frame tabs) keeps
 * what is on screen and only sharpens it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Button, MessageBar, MessageBarBody, Spinner, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowMaximizeRegular, ZoomInRegular, ZoomOutRegular } from '@fluentui/react-icons';
import { clampView, fitScale, isZoomed, zoomAt, ZOOM_STEP, type Reduction, type Size, type View } from './viewerZoom';

/** The embedded set's full frame (docs/data.md); refined from the first rendition that loads. */
export const FULL_FRAME: Size = { width: 1024, height: 768 };
const MIN_STAGE_PX = 240;
const BOTTOM_GAP_PX = 16;
const PAN_STEP = 0.1;

const useStyles = makeStyles({
  tools: { display: 'flex', alignItems: 'center', gap: '4px', flexWrap: 'wrap' },
  zoom: { minWidth: '48px', textAlign: 'center', fontFamily: tokens.fontFamilyMonospace, color: tokens.colorNeutralForeground2 },
  stage: {
    position: 'relative',
    overflow: 'hidden',
    touchAction: 'none',
    backgroundColor: tokens.colorNeutralBackground6,
    borderRadius: tokens.borderRadiusLarge,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  grab: { cursor: 'grab' },
  img: { position: 'absolute', left: '50%', top: '50%', maxWidth: 'none', userSelect: 'none' },
  hidden: { visibility: 'hidden' },
  centre: { position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' },
});

export interface ViewerStageProps {
  /** null while the page picks the rendition: nothing is fetched yet. */
  src: string | null;
  alt: string;
  /** The rendition shown: 1/8, 1/4, 1/2 or 1 (Full Frame). */
  reduction: Reduction;
  /** Changes with the frame: the view starts fitted again. */
  frameKey: string;
  /** The stage's size once measured, for the page to pick the best rendition. */
  onStageSize(size: Size): void;
  /** 1:1 wants the full-frame rendition. */
  onActualPixels(): void;
  /** An arrow key at the fit: the page moves to another frame or camera. */
  onArrow(key: string): void;
}

export function ViewerStage({ src, alt, reduction, frameKey, onStageSize, onActualPixels, onArrow }: ViewerStageProps) {
  const styles = useStyles();
  const stageRef = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<Size>({ width: 0, height: 0 });
  const [full, setFull] = useState<Size>(FULL_FRAME);
  const [view, setView] = useState<View | null>(null);
  const [done, setDone] = useState<{ src: string; failed: boolean } | null>(null);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const fit: View = { scale: fitScale(full, stage), x: 0, y: 0 };
  const shown = view ? clampView(view, full, stage) : fit;
  const zoomed = isZoomed(shown, full, stage);

  // The stage runs from where it starts to the bottom of the window.
  useLayoutEffect(() => {
    const el = stageRef.current;
    if (!el) return;
    const measure = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      const height = Math.max(MIN_STAGE_PX, Math.floor(window.innerHeight - top - BOTTOM_GAP_PX));
      el.style.height = `${height}px`;
      setStage((prev) => (prev.width === el.clientWidth && prev.height === height ? prev : { width: el.clientWidth, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  useEffect(() => {
    if (stage.width > 0) onStageSize(stage);
  }, [stage, onStageSize]);
  // Another frame opens fitted.
  const [viewOf, setViewOf] = useState(frameKey);
  if (viewOf !== frameKey) {
    setViewOf(frameKey);
    setView(null);
  }

  const zoomTo = (scale: number, at = { x: 0, y: 0 }) => setView(zoomAt(shown, scale, at, full, stage));
  const actualPixels = () => {
    onActualPixels();
    setView(zoomAt(shown, 1, { x: 0, y: 0 }, full, stage));
  };

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  const wheel = useRef<(e: WheelEvent) => void>(() => {});
  useLayoutEffect(() => {
    wheel.current = (e: WheelEvent) => {
      e.preventDefault();
      const box = stageRef.current!.getBoundingClientRect();
      const at = { x: e.clientX - box.left - box.width / 2, y: e.clientY - box.top - box.height / 2 };
      zoomTo(shown.scale * Math.exp(-e.deltaY * 0.002), at);
    };
  });
  useEffect(() => {
    const el = stageRef.current;
    const onWheel = (e: WheelEvent) => wheel.current(e);
    el?.addEventListener('wheel', onWheel, { passive: false });
    return () => el?.removeEventListener('wheel', onWheel);
  }, []);

  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  useLayoutEffect(() => {
    keys.current = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.altKey || e.ctrlKey || e.metaKey || target?.closest('input, textarea, select, [role="menu"], [role="listbox"], [role="dialog"], [role="tablist"]')) return;
      const pan = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
      if (e.key === '+' || e.key === '=') zoomTo(shown.scale * ZOOM_STEP);
      else if (e.key === '-' || e.key === '_') zoomTo(shown.scale / ZOOM_STEP);
      else if (e.key === '0') setView(null);
      else if (e.key === '1') actualPixels();
      else if (pan && zoomed) setView(clampView({ ...shown, x: shown.x + pan[0]! * stage.width * PAN_STEP, y: shown.y + pan[1]! * stage.height * PAN_STEP }, full, stage));
      else if (pan) onArrow(e.key);
      else return;
      e.preventDefault();
    };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || !zoomed) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = { id: d.id, x: e.clientX, y: e.clientY };
    setView(clampView({ ...shown, x: shown.x + e.clientX - d.x, y: shown.y + e.clientY - d.y }, full, stage));
  };
  const endDrag = () => {
    drag.current = null;
  };

  const loading = src !== null && done?.src !== src;
  const failed = done?.src === src && done.failed;
  const percent = Math.round(shown.scale * 100);
  return (
    <>
      <div className={styles.tools} role="toolbar" aria-label="Zoom">
        <Tooltip content="Zoom out (−)" relationship="label">
          <Button size="small" appearance="subtle" icon={<ZoomOutRegular />} disabled={!zoomed} onClick={() => zoomTo(shown.scale / ZOOM_STEP)} />
        </Tooltip>
        <Text className={styles.zoom} role="status" aria-label={`Zoom ${percent}% of full frame`}>
          {percent}%
        </Text>
        <Tooltip content="Zoom in (+)" relationship="label">
          <Button size="small" appearance="subtle" icon={<ZoomInRegular />} onClick={() => zoomTo(shown.scale * ZOOM_STEP)} />
        </Tooltip>
        <Tooltip content="Fit to window (0)" relationship="label">
          <Button size="small" appearance="subtle" icon={<ArrowMaximizeRegular />} onClick={() => setView(null)} />
        </Tooltip>
        <Tooltip content="Actual pixels (1)" relationship="label">
          <Button size="small" appearance="subtle" onClick={actualPixels}>
            1:1
          </Button>
        </Tooltip>
      </div>
      <div
        ref={stageRef}
        id="viewer-stage"
        className={zoomed ? `${styles.stage} ${styles.grab}` : styles.stage}
        // The frame takes the keyboard (zoom, pan): a stop of its own, as a canvas is.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="group"
        aria-label="Frame"
        aria-busy={loading}
        data-testid="viewer-stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        {loading && (
          <div className={styles.centre}>
            <Spinner label="Loading image…" />
          </div>
        )}
        {src === null ? null : failed ? (
          <div className={styles.centre}>
            <MessageBar intent="error">
              <MessageBarBody>This image could not be loaded.</MessageBarBody>
            </MessageBar>
          </div>
        ) : (
          <img
            key={src}
            src={src}
            alt={alt}
            draggable={false}
            className={loading ? `${styles.img} ${styles.hidden}` : styles.img}
            style={{
              width: full.width * shown.scale,
              height: full.height * shown.scale,
              transform: `translate(-50%, -50%) translate(${shown.x}px, ${shown.y}px)`,
            }}
            onLoad={(e) => {
              const img = e.currentTarget;
              setFull((prev) => {
                const w = img.naturalWidth * reduction;
                const h = img.naturalHeight * reduction;
                return w > 0 && (w !== prev.width || h !== prev.height) ? { width: w, height: h } : prev;
              });
              setDone({ src, failed: false });
            }}
            onError={() => setDone({ src, failed: true })}
          />
        )}
      </div>
    </>
  );
}
