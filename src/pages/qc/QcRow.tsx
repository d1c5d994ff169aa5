/**
 * One row of a line's QC grid: its time label and a thumbnail per camera, each a link to the
 * viewer carrying the frame's flag badge. Memoised so scrolling mounts only the rows that enter
 * the window.
 */
import { memo } from 'react';
import { Link } from 'wouter';
import type { PhotoIndex } from '../../../worker/domain/types';
import type { FrameFlag } from '../../../worker/domain/frameFlags';
import { FlagBadge } from './FlagBadge';
import { SuggestedBadge } from './SuggestedBadge';
import type { FrameVerdict } from './prescreen';
import { imageUrl } from '../../images/imageUrl';
import { paths } from '../../app/paths';
import { rowTime, type QcLine } from './qcRows';
import { QC_ROW_HEIGHT_PX, useGridStyles } from './qcGridStyles';

export interface QcRowProps {
  surveyId: string;
  line: QcLine;
  row: number;
  /** Place in the displayed rows (the Flagged only filter shows fewer). */
  position: number;
  index: PhotoIndex;
  imageProxy: string;
  columns: string;
  className: string;
  /** Column holding the line's tab stop in this row, or -1. */
  focusCol: number;
  /** The row's flags by camera; undefined for most rows, so memo holds. */
  flags: Record<string, FrameFlag> | undefined;
  /** The pre-screen's verdicts by image name. */
  verdicts: ReadonlyMap<string, FrameVerdict>;
}

export const QcRow = memo(function QcRow({ surveyId, line, row, position: shownAt, index, imageProxy, columns, className, focusCol, flags, verdicts }: QcRowProps) {
  const styles = useGridStyles();
  const position = line.rows[row]!;
  const time = rowTime(line, row);
  return (
    <div
      role="row"
      aria-rowindex={shownAt + 2}
      className={className}
      style={{ top: shownAt * QC_ROW_HEIGHT_PX, height: QC_ROW_HEIGHT_PX, gridTemplateColumns: columns }}
      data-row={row}
    >
      <div role="rowheader" className={styles.time}>
        {time}
      </div>
      {index.cameras.map((camera, col) => {
        const image = index.index[camera]?.[position];
        const tabIndex = col === focusCol ? 0 : -1;
        if (!image)
          return (
            <div role="gridcell" key={camera}>
              <span className={styles.empty} tabIndex={tabIndex} data-cell={`${row}:${col}`} aria-label={`${camera} no frame at ${time}`} />
            </div>
          );
        const ref = { line: line.line, camera, image };
        const flag = flags?.[camera];
        // A suggestion shows until the frame carries a flag (then the flag says it).
        const suggestion = flag ? null : (verdicts.get(image)?.suggestion ?? null);
        return (
          <div role="gridcell" key={camera}>
            <Link
              href={paths.image(surveyId, line.line, camera, image)}
              className={styles.thumbLink}
              aria-label={`${camera} ${image} at ${time}${flag ? `, flagged: ${flag.reason}` : ''}${suggestion ? `, suggested: ${suggestion.reason} (${suggestion.figure})` : ''}`}
              tabIndex={tabIndex}
              data-cell={`${row}:${col}`}
            >
              <img className={styles.thumb} src={imageUrl(ref, 32, imageProxy)} alt="" decoding="async" draggable={false} />
              {flag && <FlagBadge flag={flag} />}
              {suggestion && <SuggestedBadge suggestion={suggestion} />}
            </Link>
          </div>
        );
      })}
    </div>
  );
});
