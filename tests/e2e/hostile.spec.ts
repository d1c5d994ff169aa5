/**
 * Every bad input answered (issue 13), as a new user in a van would meet it: each refused
 * PodConfig file gets its own message beside the field and the survey still waits for PodConfig;
 * the sample file that ships with the app is accepted; a 300-character email is invalid; a drive
 * label already in another drive is refused, naming it. The shared fixture fails any test that
 * meets a Content-Security-Policy violation; the last test walks every route for it.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import type { Survey } from '../../worker/domain/types';
import { flash, openPath, receiveTakenLabel, rowOf, sampleData, signIn } from './helpers';

const SAMPLE = readFileSync('public/samples/podconfig-sample.xml');
const six = [1, 2, 3, 4, 5, 6].map((n) => `<Camera id="Cam0${n}" serial="S${n}" focalLengthMm="100"/>`).join('');

/** [what a user might pick, its bytes, what the field says] */
const REFUSED_FILES: [string, Buffer, string][] = [
  ['an empty file', Buffer.alloc(0), 'The PodConfig file is empty'],
  ['binary garbage', Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37 + 11) % 256)), 'The PodConfig file is not text: it looks like a binary file'],
  ['plain CSV text', Buffer.from('camera,serial\nCam01,S1\n'), 'The PodConfig file is not well-formed XML'],
  [
    'a billion-laughs bomb',
    Buffer.from(`<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><PodConfig serial="&b;"/>`),
    'The PodConfig file declares a DTD or entities, which are not accepted',
  ],
  [
    'an external entity',
    Buffer.from(`<?xml version="1.0"?><!DOCTYPE p [<!ENTITY x SYSTEM "file:///etc/passwd">]><PodConfig serial="&x;"/>`),
    'The PodConfig file declares a DTD or entities, which are not accepted',
  ],
  ['the wrong root', Buffer.from(`<Project serial="P"><Cameras>${six}</Cameras></Project>`), 'The root element is <Project>, not <PodConfig>'],
  ['missing cameras', Buffer.from(`<PodConfig serial="P"><Cameras>${six.split('/>')[0]}/></Cameras></PodConfig>`), 'Missing cameras Cam02, Cam03, Cam04, Cam05, Cam06'],
];

const shortId = (id: string) => id.slice(0, 8).toUpperCase();

test('each bad PodConfig file gets its own message and changes nothing; the sample file is accepted', async ({ page }) => {
  await signIn(page, '/captures');
  const data = await sampleData(page);
  const survey = Object.values(data.index.surveys).find((s: Survey) => s.flags.waitingForPodconfig && s.flags.needsPodconfig)!;
  await openPath(page, `/captures/${survey.captureId}/surveys`);
  const row = rowOf(page, shortId(survey.surveyId));
  await row.getByRole('button', { name: 'Process PodConfig' }).click();
  const dialog = page.getByRole('dialog');
  const file = dialog.getByLabel('PodConfig file');

  for (const [what, buffer, message] of REFUSED_FILES) {
    await test.step(what, async () => {
      await file.setInputFiles({ name: 'podconfig.xml', mimeType: 'application/xml', buffer });
      await expect(dialog.getByRole('alert').filter({ hasText: message })).toBeVisible();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(dialog.getByRole('alert').filter({ hasText: message })).toBeVisible();
      await expect(dialog).toBeVisible();
    });
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('Waiting for PodConfig');

  // The sample is offered in the dialog, served (and precached) by the app, and passes.
  await row.getByRole('button', { name: 'Process PodConfig' }).click();
  const link = dialog.getByRole('link', { name: 'Download a sample PodConfig file' });
  const served = await page.request.get((await link.getAttribute('href'))!);
  expect(served.ok()).toBe(true);
  expect(Buffer.from(await served.body()).equals(SAMPLE)).toBe(true);
  await file.setInputFiles({ name: 'podconfig-sample.xml', mimeType: 'application/xml', buffer: SAMPLE });
  await expect(dialog.getByRole('status').filter({ hasText: '6 cameras, pod serial POD-0042' })).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(flash(page, `processed podconfig for survey ${shortId(survey.surveyId)}`)).toBeVisible();
});

test('a 300-character email is an invalid email', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(`${'a'.repeat(288)}@company.com`);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('invalid email')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a long name is cut with an ellipsis in the header, whole in its tooltip; the search box keeps its room', async ({ page }) => {
  const email = `${'maximiliana.'.repeat(18)}lee@aerial.example`;
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const search = page.getByRole('combobox', { name: 'Search' });
  expect((await search.boundingBox())!.width).toBeGreaterThan(150);
  const menu = page.getByRole('button', { name: 'User menu' });
  expect((await menu.boundingBox())!.width).toBeLessThan(320);
  await menu.getByText(/^Maximiliana Maximiliana/).hover();
  await expect(page.getByRole('tooltip')).toHaveText(`${'Maximiliana '.repeat(18)}Lee`);
});

test('a label already in another drive is refused beside its field, naming the drive', async ({ page }) => {
  const { dialog, ids } = await receiveTakenLabel(page);
  await ids.first().fill('HD 1/2');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: '"HD 1/2" is not a media id: use letters, digits and -, 1 to 16 characters' })).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('the check can fail: HTML written straight into a page is refused by Trusted Types, and named with its page', async ({ page, cspViolations }) => {
  await page.goto('/login');
  // A script's own write, as a dependency gone wrong would make it: the policy refuses it.
  await page.evaluate("try { document.body.insertAdjacentHTML('beforeend', '<b>planted</b>'); } catch {}");
  await expect.poll(() => cspViolations.length).toBe(1);
  expect(cspViolations[0]).toMatchObject({ directive: 'require-trusted-types-for', page: expect.stringMatching(/\/login$/), sample: expect.stringContaining('<b>planted</b>') });
  // Planted: the check every test ends with would fail on it.
  cspViolations.length = 0;
});

test('no Content-Security-Policy violation on any route', async ({ page, cspViolations }) => {
  await page.goto('/login');
  await signIn(page, '/');
  const data = await sampleData(page);
  const capture = data.ids.captures[0]!;
  const survey = data.index.captures[capture]!.surveyIds[0] ?? Object.keys(data.index.surveys)[0]!;
  const routes = [
    '/', '/help', '/help/release-notes', '/help/upcoming', '/help/known-issues', '/help/videos', '/captures',
    `/captures/${capture}/surveys`, `/captures/${capture}/flight-plans`, `/captures/${capture}/qc`, `/surveys/${survey}/qc`,
    '/media', '/drives', '/settings', '/projects', '/surveys', '/no/such/page', `/<script>alert(1)</script>`,
  ];
  for (const route of routes) {
    await openPath(page, route);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  // Release notes render through DOMPurify's trusted HTML: Trusted Types let them in.
  await openPath(page, '/help/release-notes');
  await expect(page.locator('article h2').first()).toBeVisible();
  expect(cspViolations).toEqual([]);
});
