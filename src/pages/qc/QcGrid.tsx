/**
 * One flight line's thumbnail grid: a row per image index with its time and the six cameras
 * (SPEC §2). The camera header sticks under the app header while the page scrolls. Only rows in
 * the viewport, and one viewport height around it, exist in the DOM at all (SPEC §9), so a
 * 3 600-row line costs no more than a short one and thumbnails far away are never requested.
 */
import { memo, useRef } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'wouter';
import type { PhotoIndex } from '../../../worker/domain/types';
import { imageUrl } from '../../images/imageUrl';
import { paths } from '../../app/paths';
import { useWindowedRows } from '../../hooks/useWindowedRows';
import { HEADER_HEIGHT_PX } from '../../shell/Header';
import { rowTime, type QcLine } from './qcRows';

export const QC_ROW_HEIGHT_PX = 92;
const TIME_COL = '84px';

const useStyles = makeStyles({
  table: { position: 'relative' },
  head: {
    position: 'sticky',
    top: `${HEADER_HEIGHT_PX}px`,
    zIndex: 2,
    display: 'grid',
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
  },
  headCell: { padding: '6px 4px', fontWeight: tokens.fontWeightSemibold, textAlign: 'center' },
  body: { position: 'relative' },
  row: { position: 'absolute', left: 0, right: 0, display: 'grid', alignItems: 'center', gap: '4px', padding: '2px 0' },
  time: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2, textAlign: 'center' },
  thumbLink: {
    display: 'block',
    height: `${QC_ROW_HEIGHT_PX - 8}px`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground5,
    outlineOffset: '2px',
    ':hover': { boxShadow: `0 0 0 2px ${tokens.colorBrandStroke1}` },
  },
  thumb: { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
});

export interface QcGridProps {
  surveyId: string;
  line: QcLine;
  index: PhotoIndex;
  imageProxy: string;
}

export function QcGrid({ surveyId, line, index, imageProxy }: QcGridProps) {
  const styles = useStyles();
  const body = useRef<HTMLDivElement>(null);
  const { start, end } = useWindowedRows(body, line.rows.length, QC_ROW_HEIGHT_PX);
  const columns = `${TIME_COL} repeat(${index.cameras.length}, minmax(0, 1fr))`;
  const rows: number[] = [];
  for (let r = start; r < end; r++) rows.push(r);
  return (
    <div role="table" aria-label={`Line ${line.line} thumbnails`} aria-rowcount={line.rows.length + 1} className={styles.table}>
      {/* A direct child of the table, not of a rowgroup: sticky holds only within its parent. */}
      <div role="row" aria-rowindex={1} className={styles.head} style={{ gridTemplateColumns: columns }} data-testid="qc-camera-header">
          <div role="columnheader" className={styles.headCell}>
            Time
          </div>
          {index.cameras.map((camera) => (
            <div role="columnheader" key={camera} className={styles.headCell}>
              {camera}
            </div>
          ))}
      </div>
      <div role="rowgroup" ref={body} className={styles.body} style={{ height: line.rows.length * QC_ROW_HEIGHT_PX }} data-testid="qc-rows">
        {rows.map((r) => (
          <QcRow
            key={r}
            surveyId={surveyId}
            line={line}
            row={r}
            index={index}
            imageProxy={imageProxy}
            columns={columns}
            className={styles.row}
          />
        ))}
      </div>
    </div>
  );
}

interface QcRowProps {
  surveyId: string;
  line: QcLine;
  row: number;
  index: PhotoIndex;
  imageProxy: string;
  columns: string;
  className: string;
}

/** Memoised so scrolling mounts only the rows that enter the window. */
const QcRow = memo(function QcRow({ surveyId, line, row, index, imageProxy, columns, className }: QcRowProps) {
  const styles = useStyles();
  const position = line.rows[row]!;
  const time = rowTime(line, row);
  return (
    <div
      role="row"
      aria-rowindex={row + 2}
      className={className}
      style={{ top: row * QC_ROW_HEIGHT_PX, height: QC_ROW_HEIGHT_PX, gridTemplateColumns: columns }}
      data-row={row}
    >
      <div role="cell" className={styles.time}>
        {time}
      </div>
      {index.cameras.map((camera) => {
        const image = index.index[camera]?.[position];
        if (!image) return <div role="cell" key={camera} />;
        const ref = { line: line.line, camera, image };
        return (
          <div role="cell" key={camera}>
            <Link href={paths.image(surveyId, line.line, camera, image)} className={styles.thumbLink} aria-label={`${camera} ${image} at ${time}`}>
              <img className={styles.thumb} src={imageUrl(ref, 32, imageProxy)} alt="" decoding="async" draggable={false} />
            </Link>
          </div>
        );
      })}
    </div>
  );
});
