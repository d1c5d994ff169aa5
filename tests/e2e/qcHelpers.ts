/** What the QC specs share: opening a survey's QC page, a thumbnail by its name, the axe scan. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { PhotoIndex } from '../../worker/domain/types';
import type { DataFile } from '../../worker/domain/dataFile';
import { animationsFinished, openPath, photoIndex, sampleData, signIn } from './helpers';
import { seriousOf, seriousScan } from './axe';

/** Signed in, with the sample data and the photo index the QC page shows. */
async function signedInWithSample(page: Page): Promise<{ data: DataFile; index: PhotoIndex }> {
  await signIn(page, '/captures');
  const [data, index] = await Promise.all([sampleData(page), photoIndex(page)]);
  return { data, index };
}

export async function openQc(page: Page, query = ''): Promise<{ surveyId: string; index: PhotoIndex }> {
  const { data, index } = await signedInWithSample(page);
  const surveyId = data.ids.surveys[0]!;
  await openPath(page, `/surveys/${surveyId}/qc${query}`);
  return { surveyId, index };
}

/** A survey under QC (QC in Progress): frames can be flagged. */
export async function openQcInProgress(page: Page): Promise<{ surveyId: string; captureId: string; index: PhotoIndex }> {
  const { data, index } = await signedInWithSample(page);
  const survey = Object.values(data.index.surveys).find((s) => s.flags.qcInProgress)!;
  await openPath(page, `/surveys/${survey.surveyId}/qc`);
  return { surveyId: survey.surveyId, captureId: survey.captureId, index };
}

/** The thumbnail link of a camera's frame, by the name a screen reader reads. */
export function frame(page: Page, camera: string, image: string) {
  return page.getByRole('link', { name: new RegExp(`^${camera} ${image} at `) });
}

export const flashText = (page: Page, text: string) => page.getByText(text, { exact: true });

export async function expectNoSeriousViolations(page: Page) {
  // A dialog fading in has not its final colours yet: axe would measure the half-faded ones.
  await animationsFinished(page);
  expect(seriousOf(await seriousScan(page).analyze())).toEqual([]);
}

/** Downloads the page's QC report: its lines, after checking the file name and the header. */
export async function downloadQcReport(page: Page): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download QC report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^qc-report-.+\.csv$/);
  const csv = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('survey,line,camera,frame,time,reason,note,who,when');
  return lines;
}
