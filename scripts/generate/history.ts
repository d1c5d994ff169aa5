/**
 * A generated world's past (docs/history.md): the entries its people would have written to bring
 * each entity where it stands, read off its stored workflow (each manual stage a person ended),
 * its assignment and its frame flags. For the benchmark's large worlds (`generateWorld({ history:
 * true })`), about 8 entries a survey; the sample data has none (its entities begin with "loaded
 * with the sample data").
 */
import { historyId, type HistoryEntry, type HistorySubjects, type HistoryWhat } from '../../worker/domain/history';
import type { HistoryFile } from '../../worker/domain/historyFile';
import type { Stage, Survey } from '../../worker/domain/types';
import type { DataFile } from '../../worker/domain/dataFile';
import { Rng } from './prng';

/** The laptops of the generated operation's staff (vans and the office). */
const LAPTOPS = ['3f9c2a10-0b7e-4c51-9a2d-6e8f1b2c3d4e', '8a1d4e72-5c3b-4f09-b6e1-2d7c9a0f1e3b', 'c42e9b15-7d6a-4e28-8f3c-9b1a5d2e6f70'];

export function generateHistory(data: DataFile, since: number, seed = 34): HistoryFile {
  const rng = new Rng(seed);
  const people = data.ids.users;
  const entries: HistoryEntry[] = [];
  const seq = new Map<string, number>();
  const add = (at: number | undefined, by: string, what: HistoryWhat, on: HistorySubjects) => {
    if (at === undefined || !Number.isFinite(at)) return;
    const laptop = LAPTOPS[rng.int(0, LAPTOPS.length - 1)]!;
    const n = (seq.get(laptop) ?? 0) + 1;
    seq.set(laptop, n);
    const tx = n.toString(36).padStart(6, '0');
    entries.push({ id: historyId(at, laptop, tx, 0), at: Math.floor(at), by, laptop, tx, n: 0, what, on });
  };
  const someone = () => people[rng.int(0, people.length - 1)] ?? '';
  const ended = (s: Stage | undefined) => (s && s.state === 'completed' ? s.endedAt : undefined);
  const stage = (wf: { stages: Stage[] }, name: string) => wf.stages.find((s) => s.name === name);
  // The generator keeps only when earlier stages ended: a stage a person worked began ten minutes before.
  const began = (s: Stage | undefined) => s?.startedAt ?? (s?.endedAt !== undefined ? s.endedAt - 600_000 : undefined);

  for (const id of data.ids.media) {
    const m = data.index.media[id]!;
    const by = someone();
    const newStage = stage(m.workflow, 'new');
    // An ejected media set was in one of the drives once.
    const drive = m.host ?? data.ids.drives[rng.int(0, data.ids.drives.length - 1)]!;
    add(newStage?.startedAt, by, { kind: 'inserted', bays: m.bays.length ? m.bays : [1] }, { media: id, drive });
    if (m.receiveId) add(ended(newStage), by, { kind: 'received', receiveId: m.receiveId }, { media: id, drive });
    if (!m.host) add(ended(stage(m.workflow, 'assign')), by, { kind: 'ejected' }, { media: id, drive });
  }
  for (const id of data.ids.surveys) {
    const s: Survey = data.index.surveys[id]!;
    const by = s.assignedTo ?? someone();
    const on = { surveys: [id] };
    if (s.assignedTo) add(ended(stage(data.index.media[s.mediaId]!.workflow, 'assign')) ?? ended(stage(s.workflow, 'receive')), someone(), { kind: 'assigned', to: s.assignedTo }, { surveys: [id], media: s.mediaId });
    if (s.applanix) add(ended(stage(s.workflow, 'applanix')), by, { kind: 'applanix' }, on);
    if (s.podconfig) add(ended(stage(s.workflow, 'podconfig')), by, { kind: 'podconfig' }, on);
    const qc = stage(s.workflow, 'survey-qc');
    if (s.qc) add(began(qc), by, { kind: 'qcStarted' }, on);
    for (const f of s.frameFlags) add(f.at, f.by, { kind: 'flagged', line: f.line, camera: f.camera, frame: f.frame, reason: f.reason, note: f.note }, on);
    // A review flags and unflags frames as it goes: two flags, one taken back, in a review that ended.
    const reviewed = s.qc === 'approved' || s.qc === 'rejected' ? began(qc) : undefined;
    if (reviewed !== undefined) {
      const frame = rng.int(1, 60);
      add(reviewed + 60_000, by, { kind: 'flagged', line: 1, camera: 'Cam02', frame, reason: 'Cloud', note: '' }, on);
      add(reviewed + 90_000, by, { kind: 'flagged', line: 2, camera: 'Cam05', frame: frame + 1, reason: 'Blur', note: '' }, on);
      add(reviewed + 120_000, by, { kind: 'unflagged', line: 2, camera: 'Cam05', frame: frame + 1 }, on);
    }
    if (s.assignedTo && rng.int(0, 3) === 0) add(ended(stage(s.workflow, 'receive')), someone(), { kind: 'reassigned', to: s.assignedTo }, on);
    if (s.qc === 'approved') add(ended(qc), by, { kind: 'qcApproved' }, on);
    if (s.qc === 'rejected') add(qc?.endedAt, by, { kind: 'qcRejected', reason: s.rejectReason || 'Cloud' }, on);
  }
  for (const id of data.ids.captures) {
    const c = data.index.captures[id]!;
    if (!c.selectedIds.length) continue;
    const by = someone();
    const on = { capture: id, surveys: [...c.selectedIds] };
    add(began(stage(c.workflow, 'feature-matching')), by, { kind: 'processingStarted' }, on);
    const cqc = stage(c.workflow, 'capture-qc');
    if (c.qc) add(began(cqc), by, { kind: 'captureQcStarted' }, on);
    if (c.qc === 'approved') add(ended(cqc), by, { kind: 'captureQcApproved' }, on);
    const publish = stage(c.workflow, 'publish');
    if (publish?.state === 'working' || publish?.state === 'completed') add(began(publish), by, { kind: 'publishStarted' }, on);
  }
  return { since, origin: 'sample', entries: entries.filter((e) => e.at <= since) };
}
