/**
 * Every citation of the project's requirements and architecture resolves (issue 20): the check of
 * scripts/cite-docs.mjs over the repository, and the rules it relies on. Old-style citations are
 * built from parts below, so this file does not cite anything itself.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DOCS, anchorsOf, checkCitations, problemsIn, rewriteText, slug } from '../../scripts/cite-docs.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SIGN = '\u00a7';
const old = (doc: 'SPEC' | 'ARCHITECTURE', ...sections: number[]) => `${doc} ${sections.map((n) => SIGN + n).join(', ')}`;
const docs = {
  requirements: anchorsOf(readFileSync(`${root}/${DOCS.requirements}`, 'utf8')),
  architecture: anchorsOf(readFileSync(`${root}/${DOCS.architecture}`, 'utf8')),
};

describe('citations of docs/requirements.md and docs/architecture.md', () => {
  it('every citation in the repository resolves, and none of the old documents remains', () => {
    const problems = checkCitations(root).map((p) => `${p.file}:${p.line}: ${p.problem}`);
    expect(problems).toEqual([]);
  });

  it('reads explicit anchors and heading slugs', () => {
    expect(docs.requirements.has('req-version-rule')).toBe(true);
    expect(docs.architecture.has('arch-action-flow')).toBe(true);
    expect(slug("A boot's first look")).toBe('a-boots-first-look');
    expect(slug('Persistence: durable when it says done')).toBe('persistence-durable-when-it-says-done');
  });

  it('reports an anchor that does not exist, in code, in shorthand and in a Markdown link', () => {
    const req = 'docs/requirements' + '.md';
    const text = [
      `// (${req}#req-routes, #req-no-such-item)`,
      `// ${req}#req-nowhere`,
      `See [x](architecture.md${'#'}arch-nowhere).`,
    ].join('\n');
    expect(problemsIn('src/x.ts', text, docs).map((p) => [p.line, p.problem])).toEqual([
      [1, `no anchor "req-no-such-item" in ${DOCS.requirements}`],
      [2, `no anchor "req-nowhere" in ${DOCS.requirements}`],
      [3, `no anchor "arch-nowhere" in ${DOCS.architecture}`],
    ]);
  });

  it("reports a citation of another document of docs/ whose anchor or document does not exist", () => {
    const others = new Map([['sync', anchorsOf('## Where a child stands\n')]]);
    const text = [
      `// docs/sync${'.md'}#where-a-child-stands`,
      `// docs/sync${'.md'}#nowhere`,
      `// docs/nothing${'.md'}#x`,
      `See [x](sync.md${'#'}nowhere).`,
    ].join('\n');
    expect(problemsIn(`docs/x${'.md'}`, text, { ...docs, others }).map((p) => [p.line, p.problem])).toEqual([
      [2, 'no anchor "nowhere" in docs/sync.md'],
      [3, `no document docs/nothing${'.md'}`],
      [4, 'no anchor "nowhere" in docs/sync.md'],
    ]);
  });

  it('reports old section citations and the old documents by name', () => {
    const text = [`/** The keys (${old('SPEC', 3)}). */`, `/** ${SIGN}9 */`, `see ${'SPEC'}.md`].join('\n');
    expect(problemsIn('src/x.ts', text, docs).map((p) => p.line)).toEqual([1, 2, 3]);
  });

  it('rewrites old citations into anchors, finer where the words say so', () => {
    const rewrite = (file: string, line: string) => rewriteText(file, line, docs).text;
    expect(rewrite('src/x.ts', `/** The localStorage keys (${old('SPEC', 3)}). */`)).toBe(
      '/** The localStorage keys (docs/requirements.md#req-persistence). */',
    );
    expect(rewrite('src/x.ts', ` * The route guards of ${'SPEC'} ${SIGN}2 and ${SIGN}6.`)).toBe(
      ' * The route guards of docs/requirements.md#req-route-guard, #req-roles.',
    );
    expect(rewrite('src/x.ts', ` * Process capture (${old('SPEC', 5)}): the capture's surveys`)).toBe(
      " * Process capture (docs/requirements.md#req-validation-process): the capture's surveys",
    );
    expect(rewrite('src/x.ts', ` * Nothing in particular (${old('ARCHITECTURE', 7)}, ${old('SPEC', 1)})`)).toBe(
      ' * Nothing in particular (docs/architecture.md#arch-budgets, docs/requirements.md#req-purpose)',
    );
    expect(rewrite('docs/engine.md', `Several tabs (${old('ARCHITECTURE', 3)}).`)).toBe(
      'Several tabs ([architecture: several tabs](architecture.md#arch-tabs)).',
    );
    expect(rewrite('README.md', `(${old('SPEC', 9)})`)).toBe('([requirements: constants and limits](docs/requirements.md#req-constants))');
  });
});
