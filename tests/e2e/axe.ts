/**
 * The accessibility scans' one way to run axe (issue 3): serious and critical violations only, as
 * every spec that scans asserts. axe gives each of its rules one impact, and every violation of a
 * rule carries that impact, whatever its checks say (axe-core's `finalizeRuleResult`). So a rule
 * whose impact is minor or moderate can never find what a scan asserts: it is not run. Among them
 * is `region`, which looks at every element of the page (docs/testing.md#the-accessibility-scans).
 */
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Impacts a scan fails on. */
const FAILING_IMPACTS: readonly string[] = ['serious', 'critical'];

/** The rules of the installed axe whose every violation is minor or moderate. */
function rulesThatCannotFail(): string[] {
  // axe's rules with their impacts are its audit's, which its types do not declare.
  const rules = (axe as unknown as { _audit?: { rules?: { id: string; impact?: string }[] } })._audit?.rules;
  // An axe that no longer says its rules' impacts would be scanned whole, so fail loudly instead.
  if (!rules?.length || rules.some((r) => typeof r.impact !== 'string')) throw new Error(`axe-core ${axe.version} does not say its rules' impacts: tests/e2e/axe.ts needs a look`);
  return rules.filter((r) => !FAILING_IMPACTS.includes(r.impact!)).map((r) => r.id);
}

const CANNOT_FAIL = rulesThatCannotFail();

/**
 * An axe scan of the page: violations only (collecting passes doubles a scan of a long table),
 * without Fluent's focus sentinels (tabster's hidden, focusable `data-tabster-dummy` elements at
 * the edges of menus and dialogs, which hand focus on at once and are never read), and without the
 * rules that cannot find a serious or critical violation. Run in the page alone: by default axe
 * gathers its result in a new blank page of the context, which only frames of other origins need,
 * and the console has none.
 */
export function seriousScan(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).exclude('[data-tabster-dummy]').disableRules(CANNOT_FAIL);
}

/**
 * The scan of a whole page, as the accessibility and guidance specs make it: WCAG 2.1 A and AA and
 * axe's best practices. A table's rows past the tenth are the same row drawn with other values:
 * scanning all 150 of /surveys takes four times as long and can find nothing the first ten do not.
 */
export function pageScan(page: Page): AxeBuilder {
  return seriousScan(page).exclude('tbody > tr:nth-child(n+11)').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
}

/** A page scan finds no serious or critical violation; `what` names the page in a failure. */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const serious = seriousOf(await pageScan(page).analyze());
  expect(serious, `${what}\n${serious.join('\n')}`).toEqual([]);
}

/** A scan's serious and critical violations, each with up to three of the elements where it was found. */
export function seriousOf(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return results.violations
    .filter((v) => FAILING_IMPACTS.includes(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('\n    ')}`);
}
