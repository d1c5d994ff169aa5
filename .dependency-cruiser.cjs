// The import graph's rules, checked by `npm run lint` (docs/codebase.md#tests-and-lint): no module
// reaches itself through its imports, and inside the worker each layer imports only those below
// it. Type-only imports count: a circle of types is a circle a reader has to walk, and it drags
// one side's declarations (PouchDB's, say) into the other's type check.
//
//   domain ← engine ← sync, views ← leader ← tabs ← pageApi ← main
//
// Inside sync, its wings (docs/sync.md#the-wings): doc ← in, out, link ← the top (worker/sync/*.ts);
// in, out and link never import one another.
//
// The contract (api.ts, syncContract.ts, screens.ts) is a leaf beside them: it imports the
// domain alone, so the page that reads it as types reaches no implementation. Its one exception
// is deliberate: screens.ts takes the views' specs and answers from `typeof` the view table
// (views/table.ts), so a view is declared once; the views import their rows' types back from
// screens.ts. That circle, through screens.ts, is the only one allowed.
const contract = '^worker/(api|syncContract|screens)\\.ts$';
const below = (...layers) => `^worker/(${layers.join('|')})`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module reaches itself through its imports: move the shared part (often a type) to the module both sides build on.',
      from: {},
      to: { circular: true, viaOnly: { pathNot: '^worker/screens\\.ts$' } },
    },
    {
      name: 'contract-is-a-leaf',
      severity: 'error',
      comment: 'The contract (api.ts, syncContract.ts, screens.ts) imports the domain alone: the page reads it as types.',
      from: { path: contract },
      to: { path: '^worker/', pathNot: [contract, below('domain/'), '^worker/views/table\\.ts$'] },
    },
    {
      name: 'view-table-from-screens-only',
      severity: 'error',
      comment: 'Of the contract, only screens.ts takes the view table (its specs and answers, by `typeof`).',
      from: { path: '^worker/(api|syncContract)\\.ts$' },
      to: { path: '^worker/views/' },
    },
    {
      name: 'domain-imports-only-domain',
      severity: 'error',
      comment: 'The shared layer (worker/domain) runs in the page, the worker and the scripts: it imports nothing outside itself.',
      from: { path: '^worker/domain/' },
      to: { path: '^(worker|src)/', pathNot: '^worker/domain/' },
    },
    {
      name: 'engine-below-sync-and-views',
      severity: 'error',
      comment: 'The engine knows nothing of who shows the world or syncs it: they listen, and sync is given a port (engine/syncPort.ts).',
      from: { path: '^worker/(engine|prescreen)/' },
      to: { path: [below('sync/', 'views/'), below('leader', 'tabs', 'pageApi', 'main') + '\\.ts$'] },
    },
    {
      name: 'sync-and-views-apart',
      severity: 'error',
      comment: 'Team sync and the views stand side by side on the engine; the leading tab joins them.',
      from: { path: '^worker/(sync|views)/' },
      to: { path: '^worker/(sync|views)/', pathNot: '^worker/$1/' },
    },
    {
      name: 'sync-in-and-out-apart',
      severity: 'error',
      comment: "Sync's wings (docs/sync.md#the-wings): what comes in (sync/in) and what goes out (sync/out) build on the team document (sync/doc) and below, never on each other nor on the link to the server. A part both need belongs in sync/doc; one that joins them, on top (worker/sync/*.ts).",
      from: { path: '^worker/sync/(in|out)/' },
      to: { path: '^worker/sync/(in|out|link)/', pathNot: '^worker/sync/$1/' },
    },
    {
      name: 'sync-link-apart',
      severity: 'error',
      comment: "The link to the server (sync/link) knows the team document (sync/doc) alone of sync's wings: neither what comes in nor what goes out.",
      from: { path: '^worker/sync/link/' },
      to: { path: '^worker/sync/(in|out)/' },
    },
    {
      name: 'sync-doc-is-the-floor',
      severity: 'error',
      comment: "The team document (sync/doc), which both directions share, imports nothing else of sync: no wing and nothing on top but sync's record kinds (records.ts).",
      from: { path: '^worker/sync/doc/' },
      to: { path: '^worker/sync/', pathNot: ['^worker/sync/doc/', '^worker/sync/pouchdb\\.d\\.ts$', '^worker/sync/records\\.ts$'] },
    },
    {
      name: 'sync-records-are-a-leaf',
      severity: 'error',
      comment: "Sync's record kinds (records.ts) are read by every wing: they import nothing else of sync.",
      from: { path: '^worker/sync/records\\.ts$' },
      to: { path: '^worker/sync/' },
    },
    {
      name: 'sync-and-views-below-the-leader',
      severity: 'error',
      from: { path: below('sync/', 'views/') },
      to: { path: below('leader', 'tabs', 'pageApi', 'main') + '\\.ts$' },
    },
    {
      name: 'leader-below-tabs',
      severity: 'error',
      from: { path: '^worker/leader\\.ts$' },
      to: { path: below('tabs', 'pageApi', 'main') + '\\.ts$' },
    },
    {
      name: 'tabs-below-page-api',
      severity: 'error',
      from: { path: '^worker/tabs\\.ts$' },
      to: { path: below('pageApi', 'main') + '\\.ts$' },
    },
    {
      name: 'main-is-the-entry',
      severity: 'error',
      comment: 'Nothing imports the worker entry.',
      from: { pathNot: '^worker/main\\.ts$' },
      to: { path: '^worker/main\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.worker.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.d.ts', '.js'] },
    cache: false,
  },
};
