// Download Frames' pure parts (src/download/): the names in the ZIP, the frames a choice means,
// what is said about missing frames, and the dialog's sentences.
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import type { PhotoIndex } from '../../worker/domain/types';
import { DOWNLOAD_SCALES, frameEntryName, missingListName, nameWidths, surveyFolder, zipFileName } from '../../src/download/frameNames';
import { framesToZip, photoSetLines } from '../../src/download/frameList';
import { frameWords, missingReason, missingReportText, missingSummary } from '../../src/download/missingFrames';
import { megabytes, outcomeText, progressText } from '../../src/download/downloadTexts';

const SURVEY = '3f2a9c1d-7777-4e2b-9a10-0123456789ab';

/** Three lines (2, 3 and 1 frames), two cameras; Cam02 has no image at position 3. */
const INDEX: PhotoIndex = {
  cameras: ['Cam01', 'Cam02'],
  index: {
    Cam01: ['L1_C1_1', 'L1_C1_2', 'L2_C1_1', 'L2_C1_2', 'L2_C1_3', 'L3_C1_1'],
    Cam02: ['L1_C2_1', 'L1_C2_2', 'L2_C2_1', '', 'L2_C2_3', 'L3_C2_1'],
  },
  lines: [
    { line: 1, start: 0, count: 2 },
    { line: 2, start: 2, count: 3 },
    { line: 3, start: 5, count: 1 },
  ],
  count: 6,
  times: ['2024-05-01T09:00:00Z', '2024-05-01T09:00:02Z', '2024-05-01T09:15:00Z', '2024-05-01T09:15:02Z', '2024-05-01T09:15:04Z', '2024-05-01T09:30:00Z'],
};

describe('names in the ZIP', () => {
  it('carry the survey, line, camera and frame, padded to sort in flight order', () => {
    const widths = nameWidths(3, 20);
    expect(frameEntryName(SURVEY, { line: 3, camera: 'Cam04', frame: 12 }, widths)).toBe('survey-3F2A9C1D/line-03/Cam04/3F2A9C1D_L03_Cam04_F0012.jpg');
    expect(surveyFolder(SURVEY)).toBe('survey-3F2A9C1D');
    expect(missingListName(SURVEY)).toBe('survey-3F2A9C1D/missing-frames.txt');
  });

  it('widen the padding for more than 99 lines or 9 999 frames, the same for every frame of one ZIP', () => {
    const widths = nameWidths(120, 12_345);
    expect(widths).toEqual({ line: 3, frame: 5 });
    expect(frameEntryName(SURVEY, { line: 7, camera: 'Cam01', frame: 3 }, widths)).toBe('survey-3F2A9C1D/line-007/Cam01/3F2A9C1D_L007_Cam01_F00003.jpg');
    const sorted = [9, 10, 100].map((frame) => frameEntryName(SURVEY, { line: 1, camera: 'Cam01', frame }, widths));
    expect([...sorted].sort()).toEqual(sorted);
  });

  it('never climb out of their folder, whatever the ids hold', () => {
    const name = frameEntryName('../../etc/passwd', { line: 1, camera: '../..\\x', frame: 1 }, nameWidths(1, 1));
    expect(name).toBe('survey-______ET/line-01/______x/______ET_L01_______x_F0001.jpg');
    expect(name.split('/')).toHaveLength(4);
    expect(name).not.toContain('..');
  });

  it('name the ZIP by survey and scale, and by lines when only some are chosen', () => {
    expect(zipFileName(SURVEY, 4, [1, 2, 3], true)).toBe('survey-3F2A9C1D_frames_1-4.zip');
    expect(zipFileName(SURVEY, 'full', [3, 1], false)).toBe('survey-3F2A9C1D_frames_full_lines-1-3.zip');
    expect(DOWNLOAD_SCALES.map((s) => s.label)).toEqual(['1/8', '1/4', '1/2', 'Full frame']);
  });
});

describe('the frames of a choice', () => {
  it('lists each chosen line in order, camera by camera, frame by frame, skipping holes in the index', () => {
    const frames = framesToZip(INDEX, SURVEY, { scale: 'full', lines: [3, 2, 2, 99] });
    expect(frames.map((f) => `${f.line}/${f.camera}/${f.frame}/${f.image}`)).toEqual([
      '2/Cam01/1/L2_C1_1',
      '2/Cam01/2/L2_C1_2',
      '2/Cam01/3/L2_C1_3',
      '2/Cam02/1/L2_C2_1',
      '2/Cam02/3/L2_C2_3',
      '3/Cam01/1/L3_C1_1',
      '3/Cam02/1/L3_C2_1',
    ]);
    expect(frames[2]).toEqual({
      line: 2,
      camera: 'Cam01',
      frame: 3,
      image: 'L2_C1_3',
      url: '/photos/2/Cam01/L2_C1_3.full.jpg',
      name: 'survey-3F2A9C1D/line-02/Cam01/3F2A9C1D_L02_Cam01_F0003.jpg',
      takenAt: '2024-05-01T09:15:04Z',
    });
  });

  it('asks for the chosen scale, as the viewer does', () => {
    expect(framesToZip(INDEX, SURVEY, { scale: 8, lines: [1] }).map((f) => f.url)).toEqual([
      '/photos/1/Cam01/L1_C1_1.8.jpg',
      '/photos/1/Cam01/L1_C1_2.8.jpg',
      '/photos/1/Cam02/L1_C2_1.8.jpg',
      '/photos/1/Cam02/L1_C2_2.8.jpg',
    ]);
  });

  it('lists nothing for no line, and nothing for a camera the index does not own', () => {
    expect(framesToZip(INDEX, SURVEY, { scale: 2, lines: [] })).toEqual([]);
    const hostile = { ...INDEX, cameras: ['__proto__', 'constructor'] };
    expect(framesToZip(hostile, SURVEY, { scale: 2, lines: [1, 2, 3] })).toEqual([]);
  });

  it('tells the dialog each line and its frames', () => {
    expect(photoSetLines(INDEX)).toEqual([
      { line: 1, frames: 2 },
      { line: 2, frames: 3 },
      { line: 3, frames: 1 },
    ]);
  });
});

describe('missing frames', () => {
  const [first, second] = framesToZip(INDEX, SURVEY, { scale: 4, lines: [1] });

  it('say why each is missing', () => {
    expect(missingReason({ status: 404 })).toBe('the server answered 404');
    expect(missingReason({ offline: true })).toBe('offline, and not kept on this device');
    expect(missingReason({ offline: false })).toBe('the network did not answer');
    expect(frameWords(second!)).toBe('Line 1 · Cam01 · frame 2');
  });

  it('are summed up for the dialog', () => {
    expect(missingSummary(0, 360)).toBeNull();
    expect(missingSummary(3, 360)).toBe('3 of 360 frames could not be fetched');
    expect(missingSummary(360, 360)).toBe('None of the 360 frames could be fetched');
    expect(missingSummary(1, 1)).toBe('The frame could not be fetched');
  });

  it('are listed in the ZIP, one a line, with the name each would have had', () => {
    const text = missingReportText({
      survey: 'survey 3F2A9C1D',
      scale: '1/4',
      total: 4,
      missing: [
        { frame: first!, reason: 'offline, and not kept on this device' },
        { frame: second!, reason: 'the server answered 404' },
      ],
      at: new Date('2026-11-30T10:00:00Z'),
    });
    expect(text.split('\r\n')).toEqual([
      'Frames of survey 3F2A9C1D at 1/4 that are not in this ZIP: 2 of 4.',
      'Written 2026-11-30T10:00:00.000Z. Download them again when the network is back, or make the survey available offline first.',
      '',
      'line\tcamera\tframe\timage\tfile\twhy',
      '1\tCam01\t1\tL1_C1_1\tsurvey-3F2A9C1D/line-01/Cam01/3F2A9C1D_L01_Cam01_F0001.jpg\toffline, and not kept on this device',
      '1\tCam01\t2\tL1_C1_2\tsurvey-3F2A9C1D/line-01/Cam01/3F2A9C1D_L01_Cam01_F0002.jpg\tthe server answered 404',
      '',
    ]);
  });
});

describe('what the dialog says', () => {
  const progress = { framesDone: 37, framesTotal: 360, missing: 0, bytes: 13_002_342 };

  it('counts frames and megabytes while it runs', () => {
    expect(progressText(progress)).toBe('37 of 360 frames · 12.4 MB');
    expect(progressText({ ...progress, missing: 2 })).toBe('37 of 360 frames · 12.4 MB · 2 could not be fetched');
    expect(megabytes(350 * 1024 * 1024)).toBe('350 MB');
  });

  it('says where a saved ZIP is', () => {
    const done = { ...progress, framesDone: 360, bytes: 35_651_584 };
    expect(outcomeText({ kind: 'saved', target: 'file', name: 'a.zip', progress: done, missing: [] })).toBe('Saved a.zip: 360 frames, 34 MB.');
    expect(outcomeText({ kind: 'saved', target: 'downloads', name: 'a.zip', progress: done, missing: [] })).toBe(
      "a.zip is in your browser's downloads: 360 frames, 34 MB.",
    );
  });

  it('never calls a stopped ZIP saved, and says what was left on disk', () => {
    expect(outcomeText({ kind: 'cancelled', target: 'file', progress, removed: true })).toBe(
      'Download cancelled after 37 of 360 frames. Its partial file was removed; nothing was saved.',
    );
    expect(outcomeText({ kind: 'cancelled', target: 'file', progress, removed: false })).toBe(
      'Download cancelled after 37 of 360 frames. Its file could not be removed by the browser: it is incomplete, delete it.',
    );
    expect(outcomeText({ kind: 'cancelled', target: 'downloads', progress })).toBe(
      "Download cancelled after 37 of 360 frames. Your browser's downloads show it as failed; nothing was saved.",
    );
    expect(outcomeText({ kind: 'failed', target: 'blob', progress, message: 'Quota exceeded.' })).toBe(
      'The ZIP could not be written after 37 of 360 frames: Quota exceeded. Nothing was saved.',
    );
  });
});
