/**
 * Messages between the QC page and the pre-screen worker (issue 8). The page asks for the photo
 * set's frames line by line: the line's thumbnail pack, and each frame's image name and the
 * same-origin URL of its small rendition (read alone when the pack cannot be). The worker answers in batches
 * (at most a few a second), then says it is done, so the page shows progress as it goes without
 * rendering the QC grid once per frame (2 160 renders a survey, which starved a busy laptop).
 */
import type { Figures, Suggestion } from './measure';

/** The photo set every survey shows, line by line (src/pages/qc/prescreen.ts). */
export interface PrescreenRequest {
  lines: { pack: string; frames: { image: string; url: string }[] }[];
}

/** One frame measured (`figures` null: it could not be read). */
export interface FrameResult {
  image: string;
  figures: Figures | null;
  suggestion: Suggestion | null;
}

export type PrescreenMessage = { type: 'frames'; results: FrameResult[] } | { type: 'done' };

/** How often the worker hands over what it measured. */
export const PRESCREEN_BATCH_MS = 250;
