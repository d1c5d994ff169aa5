/**
 * The committed sample data (public/data/all.json) and its generator: deterministic, equal to a
 * fresh generation, true to the sample of docs/requirements.md#req-sample-data, covering every stage of every workflow, consistent
 * in its references, and accepted by the engine's restore().
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateWorld } from '../../scripts/generate/world';
import { serialiseWorld } from '../../scripts/generate/serialise';
import { REFERENCE_MS } from '../../scripts/generate/dates';
import { DATA_VERSION, SAMPLE, SIZE_PRESETS_S } from '../../worker/domain/constants';
import { restore } from '../../worker/domain/restore';
import jpeg from 'jpeg-js';
import { CAMERAS } from '../../worker/domain/constants';
import { DEFECT_KINDS, DEFECTS_PER_KIND, FRAMES_PER_LINE, LINES, photoIndex, spoiledFrames } from '../../scripts/generate/photos/flight';
import { renditions, THUMB_H, THUMB_W } from '../../scripts/generate/photos/renditions';
import type { EntityKind, SurveyDisplayStage } from '../../worker/domain/types';
import type { DataFile } from '../../worker/domain/dataFile';

const ALL_JSON = resolve(__dirname, '../../public/data/all.json');
const PHOTOS_JSON = resolve(__dirname, '../../public/data/photos.json');
const world = generateWorld();
const { index } = world;
const surveys = Object.values(index.surveys);
const media = Object.values(index.media);
const captures = Object.values(index.captures);
const current = (wf: { stages: { name: string; state: string }[]; current: number }) => wf.stages[wf.current]!;

describe('the world generator', () => {
  it('is deterministic: the same seed gives the same JSON, another seed another world', () => {
    const a = serialiseWorld(generateWorld({ seed: 'x', surveys: 300 }));
    expect(serialiseWorld(generateWorld({ seed: 'x', surveys: 300 }))).toBe(a);
    expect(serialiseWorld(generateWorld({ seed: 'y', surveys: 300 }))).not.toBe(a);
  });

  it('wrote public/data/all.json exactly as it generates it now (run `npm run data`)', () => {
    expect(readFileSync(ALL_JSON, 'utf8') === serialiseWorld(world)).toBe(true);
  });

  it('makes big worlds with an exact number of active survey workflows', () => {
    const big = generateWorld({ surveys: 5000, activeWorkflows: 120, seed: 3 });
    const all = Object.values(big.index.surveys);
    expect(all).toHaveLength(5000);
    expect(all.filter((s) => current(s.workflow).state === 'working')).toHaveLength(120);
  });
});

describe('public/data/all.json', () => {
  it('has the operation the brief asks for', () => {
    expect(world.version).toBe(DATA_VERSION);
    expect(world.ids.projects.length).toBeGreaterThanOrEqual(4);
    expect(world.ids.captures).toHaveLength(41);
    expect(world.ids.surveys).toHaveLength(400);
    expect(world.ids.media).toHaveLength(150);
    expect(world.ids.drives).toHaveLength(10);
    expect(world.ids.users).toHaveLength(12);
    expect(new Set(captures.map((c) => c.season)).size).toBeGreaterThanOrEqual(3);
  });

  it('holds the sample exactly as docs/requirements.md#req-sample-data says', () => {
    const project = index.projects[SAMPLE.projectId]!;
    const capture = captures.find((c) => c.cpid === SAMPLE.cpid)!;
    expect(project.captureIds).toEqual([capture.captureId]);
    expect(capture.projectId).toBe(SAMPLE.projectId);
    expect(capture.flightPlanIds).toHaveLength(1);
    const plan = index.flightPlans[capture.flightPlanIds[0]!]!;
    expect(plan).toMatchObject({ code: SAMPLE.flightPlanCode, altitude: 10000, time: 2.5, length: 2.5 });
    expect(plan.lines).toEqual([1, 2, 3, 4, 5].map((number) => ({ number, capture: true, time: 0.5, length: 0.5 })));
    expect(capture.surveyIds).toHaveLength(1);
    const survey = index.surveys[capture.surveyIds[0]!]!;
    expect(survey.mediaId).toBe(SAMPLE.mediaId);
    expect(survey.flightPlanId).toBe(plan.flightPlanId);
    expect(index.media[SAMPLE.mediaId]!.surveyIds).toEqual([survey.surveyId]);
  });

  it('shows every displayed survey stage, every media and drive state, every capture stage', () => {
    const displays = new Set(surveys.map((s) => s.display));
    const every: SurveyDisplayStage[] = [
      'New', 'Copy/Receiving', 'Waiting for Applanix', 'Waiting for PodConfig', 'Extracting Frames', 'Ready for QC',
      'QC in Progress', 'QC Rejected', 'Ready for Processing', 'Processing', 'Waiting for Capture QC',
      'Ready for Publishing', 'Publishing', 'Published', 'Cancelled',
    ];
    for (const d of every) expect(displays, d).toContain(d);
    const mediaStates = new Set(media.map((m) => `${current(m.workflow).name}:${current(m.workflow).state}`));
    for (const s of ['new:waiting', 'copy:working', 'receive:working', 'assign:waiting', 'assign:completed']) expect(mediaStates).toContain(s);
    expect(media.some((m) => current(m.workflow).state === 'cancelled')).toBe(true);
    expect(new Set(Object.values(index.drives).map((d) => d.status))).toEqual(new Set(['Empty', 'Ready', 'In Use']));
    const stages = new Set(captures.map((c) => `${c.stage.name}:${c.stage.statusLabel}`));
    for (const s of ['waiting:Waiting for Surveys', 'capture-qc:Ready for QC', 'capture-qc:QC in Progress', 'publish:Ready for Publishing', 'publish:Publishing', 'publish:Published'])
      expect(stages).toContain(s);
    for (const s of ['feature-matching', 'bundle-adjustment', 'rolling-shutter', 'orthorectification'])
      expect(captures.some((c) => c.stage.name === s && c.stage.state === 'working'), s).toBe(true);
    expect(captures.some((c) => c.flags.canProcess)).toBe(true);
    expect(captures.some((c) => c.stage.name === 'receive' && !c.flags.canProcess)).toBe(true);
    expect(captures.some((c) => c.stage.name === 'waiting' && c.surveyIds.length === 0)).toBe(true);
  });

  it('selects for each capture past receiving the surveys that follow its stage', () => {
    for (const c of captures) {
      const past = !['waiting', 'receive'].includes(c.stage.name);
      expect(c.selectedIds.length > 0, c.cpid).toBe(past);
      for (const id of c.selectedIds) {
        const s = index.surveys[id]!;
        expect(s.captureId).toBe(c.captureId);
        expect(current(s.workflow).name).toBe(current(c.workflow).name);
        expect(current(s.workflow).state).toBe(current(c.workflow).state);
      }
    }
  });

  it('keeps id lists and maps in step, and every reference resolvable', () => {
    for (const kind of Object.keys(world.index) as EntityKind[]) {
      expect(world.ids[kind], kind).toEqual(Object.keys(world.index[kind]));
      expect(new Set(world.ids[kind]).size).toBe(world.ids[kind].length);
    }
    for (const s of surveys) {
      const plan = index.flightPlans[s.flightPlanId]!;
      expect(plan.captureId).toBe(s.captureId);
      expect(plan.surveyIds).toContain(s.surveyId);
      expect(index.captures[s.captureId]!.surveyIds).toContain(s.surveyId);
      expect(index.media[s.mediaId]!.surveyIds).toContain(s.surveyId);
      expect(s.linesFlown).toBeGreaterThanOrEqual(1);
      expect(s.linesFlown).toBeLessThanOrEqual(plan.lines.filter((l) => l.capture).length);
      expect(Object.values(SIZE_PRESETS_S)).toContain(s.size);
      expect(s.path).toBe(`s3://aerial-survey-raw/${s.flownOn.slice(0, 4)}/${s.cpid}/${s.surveyId}/`);
      if (s.assignedTo) expect(index.users[s.assignedTo]).toBeDefined();
    }
    for (const d of Object.values(index.drives)) {
      expect(d.bays).toBeGreaterThanOrEqual(2);
      expect(d.bays).toBeLessThanOrEqual(4);
      if (d.mediaId) expect(index.media[d.mediaId]!.host).toBe(d.host);
    }
    for (const u of Object.values(index.users)) expect(u.email).toMatch(/^[a-z]+\.[a-z]+@aerial\.example$/);
  });

  it('is accepted by restore() unchanged in substance', () => {
    const result = restore(readFileSync(ALL_JSON, 'utf8'), REFERENCE_MS, { source: 'all.json' });
    if (!result.ok) throw new Error(result.error);
    const db: DataFile = result.db;
    expect(db.version).toBe(DATA_VERSION);
    expect(db.ids).toEqual(world.ids);
    for (const s of surveys) expect(db.index.surveys[s.surveyId]!.display).toBe(s.display);
    for (const c of captures) expect(db.index.captures[c.captureId]!.counts).toEqual(c.counts);
    for (const d of Object.values(index.drives)) expect(db.index.drives[d.host]!.status).toBe(d.status);
  });
});

describe('the survey photo set', () => {
  const index = photoIndex();

  it('commits public/data/photos.json exactly as the generator makes it (run `npm run photos`)', () => {
    expect(JSON.parse(readFileSync(PHOTOS_JSON, 'utf8'))).toEqual(index);
  });

  it('indexes 3 lines of 20 exposures from six cameras, with times; the defects stay out of it (docs/requirements.md#req-call-photo-index)', () => {
    expect(index.cameras).toEqual([...CAMERAS]);
    expect(index.count).toBe(LINES * FRAMES_PER_LINE);
    expect(index.lines).toEqual([1, 2, 3].map((line, i) => ({ line, start: i * 20, count: 20 })));
    for (const camera of index.cameras) {
      expect(index.index[camera]).toHaveLength(index.count);
      expect(index.index[camera]![0]).toBe(`L001_${camera}_00001`);
      expect(index.index[camera]![59]).toBe(`L003_${camera}_00060`);
    }
    expect(index.times).toHaveLength(index.count);
    const times = index.times!.map((t) => Date.parse(t));
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
    // The answer key of the pre-screen is the build's defects.json, never the app's index.
    expect(index).not.toHaveProperty('defects');
  });

  it('spoils a seeded subset of distinct frames per defect kind, the same on every run', () => {
    const spoiled = spoiledFrames();
    expect(spoiled).toHaveLength(DEFECT_KINDS.length * DEFECTS_PER_KIND);
    for (const kind of DEFECT_KINDS) expect(spoiled.filter((f) => f.defect === kind)).toHaveLength(DEFECTS_PER_KIND);
    expect(new Set(spoiled.map((f) => `${f.line}/${f.camera}/${f.frame}`)).size).toBe(spoiled.length);
    expect(spoiledFrames()).toEqual(spoiled);
  });

  it('encodes every scale at its size: full, 1/2, 1/4, 1/8 and the 160×120 thumbnail', async () => {
    const w = 1024;
    const h = 768;
    const rgba = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) rgba.set([(i % w) & 255, (i / w) & 255, 90, 255], i * 4);
    const out = await renditions(rgba, w, h);
    const size = (bytes: Uint8Array) => {
      const img = jpeg.decode(bytes, { useTArray: true });
      return [img.width, img.height];
    };
    expect(size(out.get('full')!)).toEqual([1024, 768]);
    expect(size(out.get(2)!)).toEqual([512, 384]);
    expect(size(out.get(4)!)).toEqual([256, 192]);
    expect(size(out.get(8)!)).toEqual([128, 96]);
    expect(size(out.get(32)!)).toEqual([THUMB_W, THUMB_H]);
  });
});
