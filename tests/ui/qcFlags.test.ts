import { describe, expect, it } from 'vitest';
import { flagsByRow, nextFlaggedInSurvey, type FlaggedLine } from '../../src/pages/qc/qcFlags';
import type { FrameFlag } from '../../worker/domain/frameFlags';

const cameras = ['Cam01', 'Cam02', 'Cam03'];
const flag = (line: number, camera: string, frame: number): FrameFlag => ({ line, camera, frame, reason: 'Blur', note: '', by: 'qc@example.com', at: 0 });
const flags = [flag(1, 'Cam02', 3), flag(1, 'Cam01', 9), flag(3, 'Cam03', 2), flag(3, 'Cam01', 40), flag(3, 'Cam01', 200)];
// Line 2 has no flag; line 3's frame 200 lies beyond its 120 rows (a shorter photo set).
const lines: FlaggedLine[] = [1, 2, 3].map((line) => ({ line, rowCount: 120, flags: flagsByRow(flags, line) }));

describe('N/P across the survey lines (issue 8)', () => {
  it('goes to the next flagged frame of the line, then to the first of the next line that has one', () => {
    expect(nextFlaggedInSurvey(lines, cameras, { line: 1, cell: { row: 0, col: 0 } }, true)).toEqual({ line: 1, cell: { row: 2, col: 1 } });
    expect(nextFlaggedInSurvey(lines, cameras, { line: 1, cell: { row: 8, col: 0 } }, true)).toEqual({ line: 3, cell: { row: 1, col: 2 } });
    expect(nextFlaggedInSurvey(lines, cameras, { line: 2, cell: { row: 50, col: 0 } }, true)).toEqual({ line: 3, cell: { row: 1, col: 2 } });
  });

  it('goes back to the last flagged frame of the previous line that has one', () => {
    expect(nextFlaggedInSurvey(lines, cameras, { line: 3, cell: { row: 1, col: 2 } }, false)).toEqual({ line: 1, cell: { row: 8, col: 0 } });
    expect(nextFlaggedInSurvey(lines, cameras, { line: 3, cell: { row: 39, col: 0 } }, false)).toEqual({ line: 3, cell: { row: 1, col: 2 } });
  });

  it('says there is none past the last or before the first flagged frame', () => {
    expect(nextFlaggedInSurvey(lines, cameras, { line: 3, cell: { row: 39, col: 0 } }, true)).toBeNull();
    expect(nextFlaggedInSurvey(lines, cameras, { line: 1, cell: { row: 2, col: 1 } }, false)).toBeNull();
  });
});
