/**
 * Messages between the QC page and the pre-screen worker (issue 8). The page asks for a survey's
 * frames by image name and same-origin URL of the small rendition; the worker answers frame by
 * frame, then says it is done, so the page can show progress as it goes.
 */
import type { Figures, Suggestion } from './measure';

export interface PrescreenRequest {
  surveyId: string;
  frames: { image: string; url: string }[];
}

export type PrescreenMessage =
  | { type: 'frame'; surveyId: string; image: string; figures: Figures; suggestion: Suggestion | null }
  | { type: 'failed'; surveyId: string; image: string }
  | { type: 'done'; surveyId: string };
