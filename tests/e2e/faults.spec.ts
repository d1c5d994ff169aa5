/**
 * Issue 19, "never a white page, never a false word", as a person meets each fault in Chromium: a
 * hostile sign-in redirect, stored values of the wrong shape, a refused OK, both login fields
 * wrong, PodConfig files that made the parser throw, and the extras (image proxy, image viewer,
 * UTF-16 PodConfig, flown-on date, hidden characters in an email). Each test checks what is on
 * screen (the message, the page, the focus) and, where a fault touched storage, what is on disk.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Survey } from '../../worker/domain/types';
import type { DataFile } from '../../worker/domain/dataFile';
import { DEMO_USER, flash, login, openPath, receiveTakenLabel, rowOf, sampleData, signIn } from './helpers';

const SAMPLE = readFileSync('public/samples/podconfig-sample.xml');
const shortId = (id: string) => id.slice(0, 8).toUpperCase();

// The tests' tsconfig has no DOM library: page code is written as strings.
const OPEN_DB = `new Promise((resolve, reject) => {
  const open = indexedDB.open('aerial-survey-console');
  open.onsuccess = () => resolve(open.result);
  open.onerror = () => reject(open.error);
})`;

/** A record of the engine's IndexedDB store (`[kind, id]`; the meta record is ['~meta', 'world']). */
function readRecord(page: Page, key: [string, string]): Promise<unknown> {
  return page.evaluate(`${OPEN_DB}.then((db) => new Promise((resolve, reject) => {
    const get = db.transaction('world').objectStore('world').get(${JSON.stringify(key)});
    get.onsuccess = () => { db.close(); resolve(get.result ?? null); };
    get.onerror = () => reject(get.error);
  }))`);
}

/** Changes stored records in place (the page holding them must run no engine: see `offTheApp`). */
function patchRecords(page: Page, patches: { key: [string, string]; set: Record<string, unknown> }[]): Promise<unknown> {
  return page.evaluate(`${OPEN_DB}.then((db) => new Promise((resolve, reject) => {
    const tx = db.transaction('world', 'readwrite');
    const store = tx.objectStore('world');
    for (const { key, set } of ${JSON.stringify(patches)}) {
      const get = store.get(key);
      get.onsuccess = () => store.put({ ...get.result, ...set }, key);
    }
    tx.oncomplete = () => { db.close(); resolve(true); };
    tx.onerror = () => reject(tx.error);
  }))`);
}

/** Sets fields of a capture's row record, in the bucket that holds it (worker/engine/store/rowBuckets.ts). */
function patchCaptureRow(page: Page, captureId: string, set: Record<string, unknown>): Promise<unknown> {
  return page.evaluate(`${OPEN_DB}.then((db) => new Promise((resolve, reject) => {
    const tx = db.transaction('world', 'readwrite');
    const cursor = tx.objectStore('world').openCursor(IDBKeyRange.bound(['captureRows', ''], ['captureRows', '\\uffff']));
    let found = false;
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) return;
      const entry = at.value.rows.find(([id]) => id === ${JSON.stringify(captureId)});
      if (entry) {
        found = true;
        Object.assign(entry[1], ${JSON.stringify(set)});
        at.update(at.value);
      }
      at.continue();
    };
    tx.oncomplete = () => { db.close(); found ? resolve(true) : reject(new Error('no row record of ${captureId}')); };
    tx.onerror = () => reject(tx.error);
  }))`);
}

/** A page of the app's origin where no app (and so no engine) runs: storage can be set or read there. */
async function offTheApp(page: Page): Promise<void> {
  await page.goto('/data/photos.json');
}

function localItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate(`localStorage.getItem(${JSON.stringify(key)})`);
}

/** The page drew something a person can read: a level-one heading (never a white page). */
async function expectHeading(page: Page, name?: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, ...(name ? { name } : {}) }).first()).toBeVisible();
}

test.describe('item 4: a hostile sign-in redirect, and any uncaught error', () => {
  // The tab, line feed and carriage return are each the redirect's rule in tests/ui/redirectTarget.test.ts;
  // the browser shows one of them whole: signed in, and on /help.
  for (const [what, char] of [['TAB', '%09']] as const) {
    test(`a redirect hiding //evil.example behind a ${what} signs in to /help`, async ({ page }) => {
      await page.goto(`/login?redirect=%2F${char}%2Fevil.example%2F`);
      await page.getByLabel('Email').fill(DEMO_USER.email);
      await page.getByLabel('Password').fill(DEMO_USER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL('/help');
      await expectHeading(page, 'Help');
      expect(await localItem(page, 'current')).toContain('"loggedIn":true');
    });
  }

  test('a page that fails says what happened, with a way back to Captures and Reload', async ({ browser }) => {
    // No service worker: it would serve the page's code from its cache, past the route below.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await signIn(page, '/captures');
    const data = await sampleData(page);
    const capture = data.ids.captures[0]!;
    // The Capture QC page's code cannot be fetched (as when offline before it was ever cached).
    await page.route(/\/assets\/CaptureQcPage-[^/]*\.js$/, (route) => route.abort());
    await openPath(page, `/captures/${capture}/qc`);
    await expectHeading(page, 'This page could not be shown');
    await expect(page.getByText(/dynamically imported module|Failed to fetch|Importing a module script failed/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    // The header is still there, and the way back works.
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Captures' }).click();
    await expect(page).toHaveURL('/captures');
    await expectHeading(page, 'Captures');
    await context.close();
  });

  test('a console whose own code cannot be fetched says so, never a white page', async ({ browser }) => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    // The entry runs, but the app it imports cannot be fetched (no React yet, no error boundary).
    await page.route(/\/assets\/startApp-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/captures');
    await expect(page.getByRole('alert')).toHaveText(/^The console could not start \(.+\)\. Reload the page to try again\.$/);
    await context.close();
  });
});

test.describe('item 5: stored values of the wrong shape', () => {
  // Each wrong shape of the name, and its words, is the session's rule in tests/engine/session.test.ts;
  // the browser shows one whole: every route draws, and both stores hold the repair.
  for (const [what, name, said] of [['an object', { first: 'x' }, 'an object']] as const) {
    test(`a stored user whose name is ${what}: every route draws, the name is made again, and only that is stored`, async ({ browser }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await offTheApp(page);
      await page.evaluate(`localStorage.setItem('current', ${JSON.stringify(JSON.stringify({ loggedIn: true, user: { email: 'x@y.zz', name } }))})`);
      await page.goto('/captures');
      await expectHeading(page, 'Captures');
      await expect(flash(page, `the signed-in user's stored name was ${said}, so it was made again from the email`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'User menu' })).toContainText('X');
      // On disk: the repaired user, in IndexedDB's meta record and in localStorage.
      await expect.poll(() => readRecord(page, ['~meta', 'world'])).toMatchObject({ current: { loggedIn: true, user: { email: 'x@y.zz', name: 'X', initials: 'X' } } });
      expect(JSON.parse((await localItem(page, 'current'))!)).toEqual({ loggedIn: true, user: { email: 'x@y.zz', name: 'X', initials: 'X' } });
      await page.goto('/drives');
      await expectHeading(page, 'Drives');
      await page.goto('/logout');
      await expect(page).toHaveURL(/\/login/);
      await expectHeading(page, 'Sign in');
      await context.close();
    });
  }

  test('stored settings of the wrong shape go back to their defaults, and the boot says which', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await offTheApp(page);
    await page.evaluate(`localStorage.setItem('flags', ${JSON.stringify(JSON.stringify({ speed: 'fast', imageProxy: 'javascript:alert(1)', projects: [1] }))})`);
    await page.goto('/login');
    await expectHeading(page, 'Sign in');
    await expect(flash(page, 'the stored setting "Simulation speed" was text that cannot be used, so it is back to its default')).toBeVisible();
    await login(page, '/captures');
    await expectHeading(page, 'Captures');
    await openPath(page, '/settings');
    await expect(page.getByLabel('Simulation speed')).toHaveValue('1');
    await expect(page.getByRole('textbox', { name: 'Image proxy' })).toHaveValue('');
    await expect(page.getByRole('switch', { name: 'Include Projects Page' })).not.toBeChecked();
    const flags = JSON.parse((await localItem(page, 'flags'))!) as Record<string, unknown>;
    expect(flags).toMatchObject({ speed: 1, imageProxy: '', projects: false });
    await context.close();
  });

  test('a stored capture whose description is an object: /captures draws, the boot says what it reset, and the store holds the repair', async ({ page }) => {
    await signIn(page, '/captures');
    const data = await sampleData(page);
    const sample = Object.values(data.index.captures).find((c) => c.cpid === 'SAMPLE007')!;
    await expect.poll(() => readRecord(page, ['captures', sample.captureId])).toMatchObject({ description: 'Sample Capture 10cm' });
    await offTheApp(page);
    await patchRecords(page, [{ key: ['captures', sample.captureId], set: { description: { a: 1 } } }]);
    await patchCaptureRow(page, sample.captureId, { description: { a: 1 } });
    // The localStorage copy would not help either (issue 19); the store is what is read.
    await page.evaluate(`localStorage.removeItem('db')`);
    await page.goto('/captures');
    await expectHeading(page, 'Captures');
    await expect(flash(page, `captures.${sample.captureId}.description was an object, not text of at most 1000 characters, so it was reset`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'SAMPLE007', exact: true })).toBeVisible();
    await expect.poll(async () => ((await readRecord(page, ['captures', sample.captureId])) as { description?: unknown } | null)?.description ?? '').toBe('');
    // Read again, there is nothing left to repair.
    await page.reload();
    await expectHeading(page, 'Captures');
    await expect(page.getByRole('link', { name: 'SAMPLE007', exact: true })).toBeVisible();
    await expect(flash(page, 'was of the wrong shape')).toHaveCount(0);
  });
});

test.describe('item 6: after a refused OK, focus is on what to fix', () => {
  test('Receive with a media id already in another drive: focus on that field, and Escape still closes', async ({ page }) => {
    const { host, dialog, ids } = await receiveTakenLabel(page);
    await expect(ids.first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(rowOf(page, host)).toContainText('Ready');
  });

  test('Insert with no bay: focus on the first bay; with a flown-on date in year 0001: focus on that date, and the calendar starts in 1990', async ({ page }) => {
    await signIn(page, '/drives');
    await rowOf(page, 'ingest-10').getByRole('button', { name: 'Insert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert media into ingest-10' });
    const bay1 = dialog.getByRole('checkbox', { name: 'Bay 1' });
    await bay1.uncheck();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('Please choose at least one bay')).toBeVisible();
    await expect(bay1).toBeFocused();
    await bay1.check();
    const date = dialog.getByRole('textbox', { name: 'Flown on' });
    await date.fill('01 Jan 0001');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('Flown-on date cannot be before 1990')).toBeVisible();
    await expect(date).toBeFocused();
    // The calendar offers nothing before 1990.
    await dialog.getByRole('button', { name: 'Choose flown on' }).click();
    await page.getByRole('button', { name: /, choose a year$/ }).click();
    const previousDecade = page.getByRole('button', { name: 'Previous decade' });
    while (await previousDecade.isEnabled()) await previousDecade.click();
    await expect(page.getByText('1990 – 1999')).toBeVisible();
    await page.getByRole('button', { name: '1990', exact: true }).click();
    const previousMonth = page.getByRole('button', { name: 'Previous month' });
    while (await previousMonth.isEnabled()) await previousMonth.click();
    await expect(page.getByRole('button', { name: 'January 1990, choose a year' })).toBeVisible();
    await page.getByRole('button', { name: '1 January 1990', exact: true }).click();
    await expect(date).toHaveValue('01 Jan 1990');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(flash(page, 'media inserted into ingest-10')).toBeVisible();
  });
});

test('item 7: login with both fields wrong names both, and signs nobody in', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nope');
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('invalid email')).toBeVisible();
  await expect(page.getByText('invalid password')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page).toHaveURL(/\/login/);
  expect(await localItem(page, 'current')).not.toContain('"loggedIn":true');
});

test('extra: an email with hidden characters is an invalid email', async ({ page }) => {
  await page.goto('/login');
  for (const email of ['ann\u202E@example.com', 'ann\u200B.lee@example.com', 'ann\u0000@example.com']) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('invalid email')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  }
  expect(await localItem(page, 'current')).not.toContain('"loggedIn":true');
});

test.describe('item 8 and UTF-16: PodConfig files that made the engine throw are answered', () => {
  const six = [1, 2, 3, 4, 5, 6].map((n) => `<Camera id="Cam0${n}" serial="S${n}" focalLengthMm="100"/>`).join('');

  async function podconfigDialog(page: Page, data: DataFile) {
    const survey = Object.values(data.index.surveys).find((s: Survey) => s.flags.waitingForPodconfig && s.flags.needsPodconfig)!;
    await openPath(page, `/captures/${survey.captureId}/surveys`);
    const row = rowOf(page, shortId(survey.surveyId));
    await row.getByRole('button', { name: 'Process PodConfig' }).click();
    return { survey, row, dialog: page.getByRole('dialog') };
  }

  test('an element named __proto__ and 100 000 nested elements get their messages; OK and Cancel answer; nothing changes', async ({ page }) => {
    await signIn(page, '/captures');
    const data = await sampleData(page);
    const { survey, row, dialog } = await podconfigDialog(page, data);
    const file = dialog.getByLabel('PodConfig file');
    for (const [buffer, message] of [
      [Buffer.from(`<PodConfig serial="P"><__proto__ polluted="1"/><Cameras>${six}</Cameras></PodConfig>`), 'The PodConfig file uses the name "__proto__", which is not accepted'],
      [Buffer.from('<a>'.repeat(100_000) + '</a>'.repeat(100_000)), 'The PodConfig file nests its elements more than 32 deep: it is not a PodConfig'],
    ] as const) {
      await file.setInputFiles({ name: 'podconfig.xml', mimeType: 'application/xml', buffer });
      await expect(dialog.getByRole('alert').filter({ hasText: message })).toBeVisible();
      await expect(dialog.getByText('Reading the file…')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(dialog.getByRole('alert').filter({ hasText: message })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Choose file' })).toBeFocused();
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('Waiting for PodConfig');
    expect(((await readRecord(page, ['surveys', survey.surveyId])) as { podconfig?: boolean }).podconfig ?? false).toBe(false);
  });

  test('the sample saved as UTF-16 with a byte-order mark is read, and processing it is stored', async ({ page }) => {
    await signIn(page, '/captures');
    const data = await sampleData(page);
    const { survey, dialog } = await podconfigDialog(page, data);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SAMPLE.toString('utf8'), 'utf16le')]);
    await dialog.getByLabel('PodConfig file').setInputFiles({ name: 'podconfig.xml', mimeType: 'application/xml', buffer: utf16 });
    await expect(dialog.getByRole('status').filter({ hasText: '6 cameras, pod serial POD-0042' })).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(flash(page, `processed podconfig for survey ${shortId(survey.surveyId)}`)).toBeVisible();
    await expect.poll(async () => ((await readRecord(page, ['surveys', survey.surveyId])) as { podconfig?: boolean }).podconfig).toBe(true);
  });
});

test('extra: Settings › Image proxy takes only an http(s) address, with the message beside the field', async ({ page }) => {
  await signIn(page, '/settings');
  const proxy = page.getByRole('textbox', { name: 'Image proxy' });
  const save = page.getByRole('button', { name: 'Save' });
  for (const [typed, message] of [
    ['javascript:alert(1)', 'The image proxy must be an http:// or https:// address'],
    [`https://proxy.example/${'x'.repeat(3000)}`, 'The image proxy address is longer than 2000 characters'],
  ] as const) {
    await proxy.fill(typed);
    await save.click();
    await expect(page.getByText(message)).toBeVisible();
    expect(JSON.parse((await localItem(page, 'flags'))!)).toMatchObject({ imageProxy: '' });
    expect(await readRecord(page, ['~meta', 'world'])).toMatchObject({ flags: { imageProxy: '' } });
  }
  await proxy.fill('https://imageproxy.example/convert');
  await expect(page.getByText('The image proxy must be')).toHaveCount(0);
  await save.click();
  await expect.poll(async () => JSON.parse((await localItem(page, 'flags'))!) as unknown).toMatchObject({ imageProxy: 'https://imageproxy.example/convert' });
  await expect.poll(() => readRecord(page, ['~meta', 'world'])).toMatchObject({ flags: { imageProxy: 'https://imageproxy.example/convert' } });
});

test('extra: the image viewer says Page Not Found for an unknown survey, line, camera or image, without a flash of it for a real frame', async ({ page }) => {
  // Records whether "Page Not Found" was ever drawn, from the first script on.
  await page.addInitScript(`new MutationObserver(() => {
    if (document.body && document.body.textContent.includes('Page Not Found')) window.__sawNotFound = true;
  }).observe(document, { subtree: true, childList: true, characterData: true });`);
  await signIn(page, '/captures');
  const data = await sampleData(page);
  const survey = Object.values(data.index.surveys).find((s) => s.flags.qcReady)!.surveyId;
  const image = 'L001_Cam01_00001';
  await page.goto(`/surveys/${survey}/qc/1/Cam01/${image}`);
  await expectHeading(page, image);
  await expect(page.getByRole('button', { name: 'Back to QC' })).toBeVisible();
  expect(await page.evaluate('window.__sawNotFound === true')).toBe(false);
  for (const path of [
    `/surveys/no-such-survey/qc/1/Cam01/${image}`,
    `/surveys/${survey}/qc/9/Cam01/${image}`,
    `/surveys/${survey}/qc/2/Cam01/${image}`,
    `/surveys/${survey}/qc/1/Cam09/${image}`,
    `/surveys/${survey}/qc/1/__proto__/${image}`,
    `/surveys/${survey}/qc/1/Cam01/L001_Cam01_99999`,
  ]) {
    // The console's own link to each, from the real frame each time (a heading left from the last
    // one would prove nothing); a page load of such a path is the first visit's, above.
    await openPath(page, `/surveys/${survey}/qc/1/Cam01/${image}`);
    await expectHeading(page, image);
    await openPath(page, path);
    await expectHeading(page, 'Page Not Found');
  }
});

/** The site's storage quota as DevTools sets it (enforced, though `navigator.storage.estimate()` does not show it). */
async function storageQuota(page: Page, origin: string, bytes: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: bytes });
}

test.describe('items 2 and 3: a site whose storage is nearly full', () => {
  test('item 2: the world cannot be stored: a banner says so, a change is refused with why, and nothing claims it was kept', async ({ page, baseURL }) => {
    await storageQuota(page, new URL(baseURL!).origin, 100_000);
    await login(page, '/drives');
    await expectHeading(page, 'Drives');
    const banner = page.getByRole('group', { name: 'Nothing can be saved' });
    await expect(banner).toContainText('Nothing can be saved');
    await expect(banner).toContainText('The demo data could not be saved: the browser’s storage for this site is full.');
    // A change that needs the store is refused in its dialog, with why; nothing says it was done.
    const drive = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'ingest-09' }) });
    await drive.getByRole('button', { name: 'Insert' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Flight plan' }).fill('SAMPLE007');
    await page.getByRole('option', { name: /FP007/ }).click();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toContainText('changes are refused');
    await expect(flash(page, 'media inserted into ingest-09')).toHaveCount(0);
    await expect(page.getByText(/nothing is lost/i)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(drive).toContainText('Empty');
    // Nothing of a world was stored, not even a part of one.
    expect(await readRecord(page, ['~meta', 'world'])).toBeNull();
  });

  test('item 3: the service worker cannot install: the header says the console is not available offline, and why', async ({ page, baseURL }) => {
    await storageQuota(page, new URL(baseURL!).origin, 1_000_000);
    await page.goto('/login');
    await expectHeading(page, 'Sign in');
    const status = page.getByTestId('offline-unavailable');
    await expect(status).toBeVisible({ timeout: 30_000 });
    await expect(status).toContainText('Not available offline: the browser could not store the console’s files');
    expect(await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => Boolean(r && r.active))')).toBe(false);
  });
});

test.describe('item 5 as a property: stored values of random shapes', () => {
  // Random shapes for the session, the settings, the localStorage copy of the world and the store's
  // meta record, drawn with a fixed seed so a failure repeats; each boot must draw a page.
  const shape = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(5, null, [], {}, '', 'x@y.zz', 'javascript:alert(1)', '\u202Ex@y.zz', '2024-99-99'));
  const storedValues = fc.record({
    current: fc.oneof(shape, fc.record({ loggedIn: fc.oneof(fc.constant(true), shape), user: fc.oneof(shape, fc.record({ email: fc.oneof(fc.constant('x@y.zz'), shape), name: shape })) })),
    flags: fc.oneof(shape, fc.record({ speed: shape, imageProxy: shape, projects: shape, surveys: shape, highlighter: shape }, { requiredKeys: [] })),
    db: fc.oneof(shape, fc.record({ version: fc.oneof(fc.constant(45), shape), index: shape, ids: shape, loadedAt: shape })),
    version: fc.oneof(fc.constantFrom('45', '44', 'x'), fc.string()),
    meta: fc.oneof(shape, fc.record({ version: fc.oneof(fc.constant(45), shape), loadedAt: shape, savedAt: shape, current: shape, flags: shape })),
  });
  const samples = fc.sample(storedValues, { numRuns: 6, seed: 19 });

  for (const [i, stored] of samples.entries()) {
    test(`sample ${i + 1}: the console boots to a page with a heading, on /captures and /login`, async ({ browser }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await offTheApp(page);
      await page.evaluate(`(() => {
        const s = ${JSON.stringify(stored)};
        localStorage.setItem('current', JSON.stringify(s.current));
        localStorage.setItem('flags', JSON.stringify(s.flags));
        localStorage.setItem('db', JSON.stringify(s.db));
        localStorage.setItem('version', s.version);
        return new Promise((resolve, reject) => {
          const open = indexedDB.open('aerial-survey-console');
          open.onupgradeneeded = () => open.result.createObjectStore('world');
          open.onsuccess = () => {
            const tx = open.result.transaction('world', 'readwrite');
            tx.objectStore('world').put(s.meta, ['~meta', 'world']);
            tx.oncomplete = () => { open.result.close(); resolve(true); };
            tx.onerror = () => reject(tx.error);
          };
          open.onerror = () => reject(open.error);
        });
      })()`);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      for (const route of ['/captures', '/login']) {
        await page.goto(route);
        await expectHeading(page);
        // The error boundary's page is not a white page, but it is not the console working either.
        await expect(page.getByRole('heading', { name: 'This page could not be shown' })).toHaveCount(0);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
