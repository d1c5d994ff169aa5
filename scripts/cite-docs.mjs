#!/usr/bin/env node
/**
 * Citations of the project's own requirements and architecture (issue 20).
 *
 *   node scripts/cite-docs.mjs --check   lists every citation that does not resolve; exit 1 if any
 *   node scripts/cite-docs.mjs --write   rewrites old section citations into anchors of docs/
 *   node scripts/cite-docs.mjs --dry     shows what --write would do, changes nothing
 *
 * A citation is `docs/requirements.md#req-…` or `docs/architecture.md#arch-…` (in code), a
 * relative Markdown link `(requirements.md#req-…)` (in docs/), or a shorthand continuation
 * `docs/requirements.md#a, #b` / `… and #b`. It resolves when the anchor exists in that document
 * (an explicit `<a id="…">` or a heading's GitHub slug).
 *
 * Unresolved too: any citation of the old documents kept outside the repository, by section
 * ("SPEC", "ARCHITECTURE", each followed by a section sign and a number, alone or in lists) or by
 * file name. --write turns section citations into anchors: SECTIONS gives each section its
 * anchor, REFINE a finer one when the words around the citation make it obvious.
 *
 * No dependencies: Node's fs and path only. The Vitest test imports `checkCitations` and
 * `rewriteText` (tests/docs/citations.test.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SIGN = '\u00a7';
const SELF = 'scripts/cite-docs.mjs';
/** What is scanned: these folders and files, and every `*.config.ts` at the top level. */
export const SCAN = ['src', 'worker', 'sw', 'scripts', 'tests', 'docs', 'README.md'];
const TEXT_FILES = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.md', '.css', '.html', '.json']);
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git']);

export const DOCS = { requirements: 'docs/requirements.md', architecture: 'docs/architecture.md' };
const DOC_OF = { SPEC: 'requirements', ARCHITECTURE: 'architecture' };

/** Each old section's anchor. */
export const SECTIONS = {
  SPEC: {
    1: 'req-purpose',
    2: 'req-screens',
    3: 'req-entities',
    4: 'req-states',
    5: 'req-validation',
    6: 'req-roles',
    7: 'req-calls',
    8: 'req-errors',
    9: 'req-constants',
  },
  ARCHITECTURE: {
    1: 'arch-threads',
    2: 'arch-folders',
    3: 'arch-persistence',
    4: 'arch-time',
    5: 'arch-sw',
    6: 'arch-names',
    7: 'arch-budgets',
    8: 'arch-testing',
  },
};

/**
 * Finer anchors: for a section, [words, anchor] pairs tried in order against the citation's own
 * line, then the line before it, then the file's path; the first match wins.
 */
export const REFINE = {
  SPEC: {
    1: [],
    2: [
      [/every route|route table|\/logout/i, 'req-routes'],
      [/route guards?|RouteGuard/i, 'req-route-guard'],
      [/clears flash|clearFlashes/i, 'req-navigate-clears-flash'],
      [/viewer|one frame/i, 'req-screen-image-viewer'],
      [/capture QC|CaptureQc/i, 'req-screen-capture-qc'],
      [/QC grid|image index|survey QC|camera header|SurveyQc|qcRows|QcGrid/i, 'req-screen-survey-qc'],
      [/header|NavLinks|user menu|UserMenu|search/i, 'req-header'],
      [/Sign in|login|signing in|redirect/i, 'req-screen-login'],
      [/preset|Alert/, 'req-presets'],
      [/settings|Highlight row/i, 'req-screen-settings'],
      [/Page Not Found|NotFound/, 'req-screen-not-found'],
      [/survey table|SurveyTable|initials|UserInitials/i, 'req-survey-table'],
      [/breakdown/i, 'req-screen-captures'],
      [/flight plans|FlightPlan/i, 'req-screen-flight-plans'],
      [/capture table|\/captures\b|CapturesPage|sort/i, 'req-screen-captures'],
      [/media filters|MediaFilters|\/media\b|MediaPage/i, 'req-screen-media'],
      [/\/drives\b|DrivesPage/i, 'req-screen-drives'],
      [/project/i, 'req-screen-projects'],
      [/dashboard|in progress, recent|HomePage/i, 'req-screen-dashboard'],
      [/help|release notes/i, 'req-screen-help'],
      [/\/surveys\b|SurveysPage/, 'req-screen-all-surveys'],
      [/modal|dialog/i, 'req-modals'],
      [/route|path/i, 'req-routes'],
    ],
    3: [
      [/version|discard/i, 'req-version-rule'],
      [/entities/i, 'req-entities'],
      [/localStorage|keys?\b|`db`|`current`|session|mirror/i, 'req-persistence'],
      [/users?\b/i, 'req-entity-user'],
      [/count/i, 'req-capture-counts'],
    ],
    4: [
      [/confirmation/i, 'req-confirmations'],
      [/media workflow|mediaWorkflow|receiving lasts|largest survey/i, 'req-media-stages'],
      [/drive|DrivesPage/i, 'req-drive-status'],
      [/displayed stage|displays|hidden `new`|pipeline|surveyDisplay|breakdown|not yet received/i, 'req-displayed-stages'],
      [/every stage|every transition|the rules of/i, 'req-states'],
      [/Capture actions/i, 'req-capture-actions'],
      [/capture QC|CaptureQc/i, 'req-capture-qc'],
      [/capture workflow|captureWorkflow|capture stages|Capture actions|processing stages/i, 'req-capture-stages'],
      [/skips?\b/i, 'req-survey-stages'],
      [/Survey actions|Applanix/i, 'req-survey-actions'],
      [/survey QC|SurveyQc|Start QC|rejecting returns/i, 'req-survey-qc'],
      [/survey workflow|surveyWorkflow|workflow stages|finished receiving/i, 'req-survey-stages'],
      [/fallback|status label/i, 'req-stage-labels'],
      [/durations?|formatDuration|90 s/i, 'req-durations'],
      [/progress|working, cancelled or failed/i, 'req-progress-shown'],
      [/generic workflow/i, 'req-workflow'],
      [/list|SurveyTable/i, 'req-displayed-stages'],
    ],
    5: [
      [/Survey actions|Capture actions|Media and drive actions/i, 'req-validation'],
      [/PodConfig/i, 'req-validation-podconfig'],
      [/login|sign in|email|password/i, 'req-validation-login'],
      [/receive id|YYMMDD/i, 'req-receive-id'],
      [/Receive media|media id|ReceiveMedia/i, 'req-validation-receive'],
      [/process|QC-approved|ProcessCapture/i, 'req-validation-process'],
      [/insert/i, 'req-validation-insert'],
      [/assign|UserPicker/i, 'req-validation-assign'],
      [/dd MMM yyyy|FlownOn|date/i, 'req-date-input'],
      [/suggestions|picker/i, 'req-validation-pickers'],
    ],
    6: [],
    7: [
      [/PodConfig|endpoint/i, 'req-call-podconfig'],
      [/photo index|fixed test set|photos\.json|PhotoIndex|photo set|indexes/i, 'req-call-photo-index'],
      [/all\.json|DataFile|generateWorld/i, 'req-call-all-json'],
      [/image proxy|JPEG2000|renditions?|scale|bucket|thumbnails?|imageUrl|shape/i, 'req-call-images'],
    ],
    8: [
      [/flash text/i, 'req-flash-texts'],
      [/Coming Soon|Page Not Found|NotFound/i, 'req-errors'],
      [/demo data buttons|data operations|DemoData/i, 'req-flash-texts'],
      [/flash|category/i, 'req-flash'],
    ],
    9: [
      [/search|suggestions/i, 'req-search'],
      [/sample|SAMPLE007|TS007|FP007/i, 'req-sample-data'],
      [/expired/i, 'req-demo-expiry'],
      [/scroll|resize|debounce|viewport/i, 'req-viewport'],
      [/presets|\bsizes?\b/i, 'req-size-presets'],
      [/short ids?/i, 'req-short-id'],
      [/cameras?/i, 'req-cameras'],
      [/dates?\b|medium format|decade|calendar/i, 'req-display-formats'],
      [/LIST_CAP|first 150|\b150\b|MediaPage|SurveysPage/, 'req-list-cap'],
      [/switches|default flags/i, 'req-default-flags'],
      [/500 ms|saved|mirror/i, 'req-timings'],
    ],
  },
  ARCHITECTURE: {
    1: [
      [/keeps the world|owns the world/i, 'arch-owner'],
      [/hub|page's side|\bviews?\b|read model|page's copy/i, 'arch-views'],
      [/events?\b|delta/i, 'arch-events'],
      [/engine/i, 'arch-owner'],
    ],
    2: [],
    3: [
      [/tabs?\b|forwarded|Web Lock/i, 'arch-tabs'],
      [/writes and how it chooses/i, 'arch-persistence'],
      [/boot|which world/i, 'arch-boot'],
      [/localStorage|mirror|guard/i, 'arch-local-storage'],
      [/stored form|one record per entity|record of the world/i, 'arch-record'],
      [/on disk|durable|Nothing lost|shows as done/i, 'arch-persistence'],
    ],
    4: [[/speed|bend time/i, 'arch-simulation-speed']],
    5: [
      [/image|photo URL/i, 'arch-images'],
      [/update|reloads/i, 'arch-sw-update'],
    ],
    6: [],
    7: [],
    8: [],
  },
};

// ── reading the documents ───────────────────────────────────────────────────────────────────────

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor of a Markdown text, with a short label for each explicit one. */
export function anchorsOf(text) {
  const anchors = new Map();
  const lines = text.split('\n');
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) anchors.set(slug(heading[1]), heading[1].trim());
    for (const m of line.matchAll(/<a id="([^"]+)"><\/a>/g)) anchors.set(m[1], labelAfter(lines, i, m.index + m[0].length) ?? m[1]);
  }
  return anchors;
}

/** The words an explicit anchor stands before: its heading, or the bold words of its item. */
function labelAfter(lines, i, column) {
  const rest = lines[i].slice(column).trim();
  let text = rest;
  if (!text) for (let j = i + 1; j < lines.length && !text; j++) text = lines[j].trim();
  const heading = /^#{1,6}\s+(?:\d+\.\s+)?(.*)$/.exec(text);
  if (heading) return tidy(heading[1]);
  const bold = /^(?:[-|]\s*)?\*\*([^*]+?)[.:]?\*\*/.exec(text);
  if (bold) return tidy(bold[1]);
  return null;
}

function tidy(label) {
  // The words before a comma, colon or parenthesis: "views: the page costs…" → "views".
  const plain = label.replace(/`/g, '').split(/[,:(]/)[0].trim();
  // "Routes" → "routes", but "QC review" stays.
  return /^[A-Z][a-z]/.test(plain) ? plain[0].toLowerCase() + plain.slice(1) : plain;
}

function loadDocs(root) {
  const docs = {};
  for (const [name, file] of Object.entries(DOCS)) {
    const full = join(root, file);
    docs[name] = existsSync(full) ? anchorsOf(readFileSync(full, 'utf8')) : new Map();
  }
  // Every other document of docs/, by name: a citation of one must find it and its anchor.
  docs.others = new Map();
  const dir = join(root, 'docs');
  if (existsSync(dir)) for (const f of readdirSync(dir)) if (f.endsWith('.md')) docs.others.set(f.slice(0, -3), anchorsOf(readFileSync(join(dir, f), 'utf8')));
  return docs;
}

// ── finding files ───────────────────────────────────────────────────────────────────────────────

export function filesToScan(root) {
  const out = [];
  const walk = (rel) => {
    const full = join(root, rel);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) if (!SKIP_DIRS.has(name)) walk(rel ? `${rel}/${name}` : name);
    } else if (TEXT_FILES.has(extname(rel)) && rel !== SELF) {
      out.push(rel);
    }
  };
  for (const entry of SCAN) walk(entry);
  for (const name of readdirSync(root).sort()) if (/\.config\.ts$/.test(name)) out.push(name);
  return out;
}

// ── check ───────────────────────────────────────────────────────────────────────────────────────

const OLD_SECTION = new RegExp(`\\b(SPEC|ARCHITECTURE)\\s*${SIGN}\\s*\\d+`, 'g');
const BARE_SECTION = new RegExp(`${SIGN}\\s*\\d+`, 'g');
const OLD_FILE = /\b(SPEC|ARCHITECTURE)\.md\b|\bSPEC design card\b/g;
/** A citation: the document, its anchor, and shorthand continuations of the same document. */
const CITATION = /(?<![\w/.-])(?:docs\/)?(requirements|architecture)\.md#([\w-]+)((?:(?:, | and | or )#[\w-]+)*)/g;
/** A citation of any other project document: `docs/engine.md#…` in code, `(engine.md#…)` in docs/. */
const OTHER_CITATION = /(?<![\w/.-])docs\/([\w-]+)\.md(?:#([\w-]+))?|\]\(([\w-]+)\.md(?:#([\w-]+))?\)/g;
/** A link inside one of the two documents to one of its own anchors. */
const SELF_LINK = /\]\(#([\w-]+)\)/g;

/**
 * Problems in one file's text: `{ line, text, problem }` for each citation that does not resolve.
 * `docs` maps 'requirements' and 'architecture' to their anchors.
 */
export function problemsIn(file, text, docs) {
  const problems = [];
  const lines = text.split('\n');
  const own = Object.entries(DOCS).find(([, f]) => f === file)?.[0];
  lines.forEach((line, i) => {
    const at = (problem) => problems.push({ file, line: i + 1, text: line.trim(), problem });
    for (const m of line.matchAll(OLD_SECTION)) at(`old citation "${m[0]}"`);
    const withoutOld = line.replace(new RegExp(`${OLD_SECTION.source}(?:(?:\\s*,\\s*|\\s+and\\s+|\\s+or\\s+)${SIGN}\\s*\\d+)*`, 'g'), '');
    for (const m of withoutOld.matchAll(BARE_SECTION)) at(`old citation "${m[0]}" (a section sign without a document)`);
    for (const m of line.matchAll(OLD_FILE)) at(`names the old document "${m[0]}"`);
    for (const m of line.matchAll(CITATION)) {
      const anchors = docs[m[1]];
      const names = [m[2], ...[...(m[3] ?? '').matchAll(/#([\w-]+)/g)].map((c) => c[1])];
      for (const name of names) if (!anchors.has(name)) at(`no anchor "${name}" in ${DOCS[m[1]]}`);
    }
    if (own) for (const m of line.matchAll(SELF_LINK)) if (!docs[own].has(m[1])) at(`no anchor "${m[1]}" in ${file}`);
    if (docs.others) {
      for (const m of line.matchAll(OTHER_CITATION)) {
        const name = m[1] ?? m[3];
        const anchor = m[2] ?? m[4];
        if (name in DOCS) continue;
        // A relative link counts only inside docs/, where it names a sibling.
        if (m[3] && !file.startsWith('docs/')) continue;
        const anchors = docs.others.get(name);
        if (!anchors) at(`no document docs/${name}.md`);
        else if (anchor && !anchors.has(anchor)) at(`no anchor "${anchor}" in docs/${name}.md`);
      }
    }
  });
  return problems;
}

/** Every unresolved citation under `root`. */
export function checkCitations(root = process.cwd()) {
  const docs = loadDocs(root);
  const problems = [];
  for (const [name, file] of Object.entries(DOCS)) {
    if (!existsSync(join(root, file))) problems.push({ file, line: 0, text: '', problem: `${name} document missing` });
  }
  for (const file of filesToScan(root)) problems.push(...problemsIn(file, readFileSync(join(root, file), 'utf8'), docs));
  return problems;
}

// ── write ───────────────────────────────────────────────────────────────────────────────────────

/** "SPEC §2", "SPEC §2, §5", "SPEC §2 and §6", "ARCHITECTURE §1, §3, §4". */
const OLD_GROUP = new RegExp(
  `\\b(SPEC|ARCHITECTURE)\\s*${SIGN}\\s*(\\d+)((?:(?:\\s*,\\s*|\\s+and\\s+|\\s+or\\s+)${SIGN}\\s*\\d+)*)`,
  'g',
);
/** A section sign alone, in a file whose old citations are all of the spec (constants, routes). */
const BARE_GROUP = new RegExp(`(?<![\\w${SIGN}])${SIGN}\\s*(\\d+)`, 'g');

/** The anchor for one section, given the words around the citation. */
export function anchorFor(source, section, contexts) {
  const base = SECTIONS[source][section];
  if (!base) throw new Error(`${source} has no section ${section}`);
  for (const context of contexts) {
    for (const [words, anchor] of REFINE[source][section] ?? []) if (words.test(context)) return anchor;
  }
  return base;
}

function render(file, docName, anchors, labels) {
  const docFile = DOCS[docName];
  if (file.endsWith('.md')) {
    const target = file.startsWith('docs/') ? relative('docs', docFile).split(sep).join('/') : docFile;
    return anchors.map((a) => `[${docName}: ${labels[docName].get(a) ?? a}](${target}#${a})`).join(', ');
  }
  return `${docFile}#${anchors[0]}${anchors.slice(1).map((a) => `, #${a}`).join('')}`;
}

/**
 * Rewrites the old section citations of one file's text. Answers the new text and the
 * rewrites made: `{ line, from, to }`.
 */
export function rewriteText(file, text, labels = { requirements: new Map(), architecture: new Map() }) {
  const lines = text.split('\n');
  const changes = [];
  const out = lines.map((line, i) => {
    const contexts = [line, lines[i - 1] ?? '', file];
    const replace = (from, source, numbers) => {
      const anchors = [...new Set(numbers.map((n) => anchorFor(source, Number(n), contexts)))];
      const to = render(file, DOC_OF[source], anchors, labels);
      changes.push({ line: i + 1, from, to });
      return to;
    };
    let next = line.replace(OLD_GROUP, (from, source, first, more) =>
      replace(from, source, [first, ...[...more.matchAll(/\d+/g)].map((m) => m[0])]),
    );
    next = next.replace(BARE_GROUP, (from, n) => replace(from, 'SPEC', [n]));
    return next;
  });
  return { text: out.join('\n'), changes };
}

export function writeCitations(root = process.cwd(), { dry = false } = {}) {
  const docs = loadDocs(root);
  const all = [];
  for (const file of filesToScan(root)) {
    const full = join(root, file);
    const before = readFileSync(full, 'utf8');
    const { text, changes } = rewriteText(file, before, docs);
    if (!changes.length) continue;
    for (const c of changes) all.push({ file, ...c });
    if (!dry) writeFileSync(full, text);
  }
  return all;
}

// ── command line ────────────────────────────────────────────────────────────────────────────────

function main(argv) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  if (argv.includes('--write') || argv.includes('--dry')) {
    const dry = argv.includes('--dry');
    const changes = writeCitations(root, { dry });
    for (const c of changes) console.log(`${c.file}:${c.line}: ${c.from} → ${c.to}`);
    const files = new Set(changes.map((c) => c.file)).size;
    console.log(`${dry ? 'would rewrite' : 'rewrote'} ${changes.length} citations in ${files} files`);
    return 0;
  }
  if (argv.includes('--check')) {
    const problems = checkCitations(root);
    for (const p of problems) console.log(`${p.file}:${p.line}: ${p.problem}${p.text ? `\n    ${p.text}` : ''}`);
    console.log(problems.length ? `${problems.length} unresolved citations` : 'every citation resolves');
    return problems.length ? 1 : 0;
  }
  console.log('usage: node scripts/cite-docs.mjs --check | --write | --dry');
  return 2;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
