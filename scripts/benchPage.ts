/**
 * What the browser benchmarks share of the page (bench-browser.ts and its paths, bench-turns.ts):
 * the first captures row a person sees, the form's sign-in as a person does it, and the median
 * they report. One place, so a change of the page's names breaks every bench alike.
 */
import type { Page } from 'playwright';

/** The first captures row with its link: the rows a reload is timed to (a selector, for page scripts too). */
export const CAPTURE_ROW = 'table[aria-label="Captures"] tbody tr[data-capture-id] a[href]';

/** The form's sign-in, as a person does it, with the demo account. */
export async function signInOnForm(page: Page): Promise<void> {
  await page.getByLabel('Email').fill('jane.doe@aerial.example');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The middle value (the lower of the two middle ones), NaN of none. */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : NaN;
}
