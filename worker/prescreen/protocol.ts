/**
 * Messages between the QC page and the pre-screen worker (issue 8). The page asks for a survey's
 * frames by image name and same-origin URL of the small rendition; the worker answers in batches
 * (at most a few a second), then says it is done, so the page shows progress as it goes without
 * rendering the QC grid once per frame (2 160 renders a survey, which starved a busy laptop).
 */
import type { Figures, Suggestion } from './measure';

export interface PrescreenRequest {
  surveyId: string;
  frames: { image: string; url: string }[];
}

/** One frame measured (`figures` null: it could not be read). */
export interface FrameResult {
  image: string;
  figures: Figures | null;
  suggestion: Suggestion | null;
}

export type PrescreenMessage = { type: 'frames'; surveyId: string; results: FrameResult[] } | { type: 'done'; surveyId: string };

/** How often the worker hands over what it measured. */
export const PRESCREEN_BATCH_MS = 250;
