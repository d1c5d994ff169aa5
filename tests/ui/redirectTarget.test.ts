/**
 * Issue 19, item 4: the redirect after signing in is judged on the URL the browser will read, not
 * on the raw text. The URL parser drops tabs and line breaks, so "/\t/evil.example/" is another
 * origin; such a value, or a path no route opens, goes to /help.
 */
import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../../src/shell/redirectTarget';

const ORIGIN = 'http://127.0.0.1:4173';
const after = (redirect: string) => redirectTarget(`?redirect=${encodeURIComponent(redirect)}`, ORIGIN);

describe('where signing in goes (issue 19)', () => {
  it.each([
    ['/', '/'],
    ['/captures', '/captures'],
    ['/captures/c%2F1/surveys', '/captures/c%2F1/surveys'],
    ['/surveys/s-1/qc/1/Cam01/L001_Cam01_00001', '/surveys/s-1/qc/1/Cam01/L001_Cam01_00001'],
    ['/settings?tab=x#top', '/settings?tab=x#top'],
    ['/help/known-issues', '/help/known-issues'],
  ])('a page of the app, %s, is kept', (redirect, target) => {
    expect(after(redirect)).toBe(target);
  });

  it.each([
    ['a tab', '/\t/evil.example/'],
    ['a line feed', '/\n/evil.example/'],
    ['a carriage return', '/\r/evil.example/'],
    ['two slashes', '//evil.example/'],
    ['a backslash', '/\\evil.example/'],
    ['another origin', 'https://evil.example/captures'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'captures'],
    ['the login page', '/login?redirect=/captures'],
    ['the logout page', '/logout'],
    ['a path no route opens', '/nowhere/at/all'],
    ['nothing', ''],
  ])('%s goes to /help', (_what, redirect) => {
    expect(after(redirect)).toBe('/help');
  });

  it('no redirect query goes to /help', () => {
    expect(redirectTarget('', ORIGIN)).toBe('/help');
  });
});
