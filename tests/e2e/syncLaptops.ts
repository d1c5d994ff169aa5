/**
 * Laptops that join a team world end to end (issue 21): each a browser context of its own (its own
 * IndexedDB) against the team-sync test server beside the app (playwright.config.ts starts it on
 * E2E_SYNC_PORT), signed in, joining through its van's own way in (`/van/<name>/couch`), which a
 * test can cut as a van loses its network. Shared by sync.spec.ts and favourites.spec.ts.
 */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

export const SYNC_URL = `http://127.0.0.1:${Number(process.env.E2E_SYNC_PORT ?? Number(process.env.E2E_PORT ?? 4317) + 1)}`;

/** A new team world's name, its own in every test (tests that run at once never share one). */
export const newWorldName = () => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** A laptop signed in as `email`, on Settings; `watch` hears its context first (its console, say). */
export async function laptop(browser: Browser, email: string, watch: (context: BrowserContext) => void = () => {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: SYNC_URL, serviceWorkers: 'block', reducedMotion: 'reduce' });
  watch(context);
  const page = await context.newPage();
  await page.goto('/login?redirect=%2Fsettings');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  return page;
}

export const badge = (page: Page) => page.getByRole('banner').getByRole('status', { name: /^Team sync:/ });

/** Joins through the van's own way in to the server, which the test can cut (scripts/syncServer.ts). */
export async function join(page: Page, world: string, van: string): Promise<void> {
  const section = page.getByRole('region', { name: 'Team sync' });
  await section.getByLabel('Server path').fill(`/van/${van}/couch`);
  await section.getByLabel('World name').fill(world);
  await section.getByRole('button', { name: 'Join team world' }).click();
  await page.getByRole('dialog', { name: 'Join a team world' }).getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText(`Joined the team world ${world}`, { exact: true })).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName('Team sync: Up to date');
}
