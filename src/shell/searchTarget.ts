/**
 * Where a search suggestion leads (the header's search, docs/requirements.md#req-header): a project to its page (or the capture
 * list while the projects page is off), a capture to its row in the capture list (issue 9: search
 * lands on the item; its link opens the capture), a flight plan to its
 * capture's flight plans tab, a survey to its QC once QC is under way (else its capture's surveys
 * tab), a media set to the media list. Whether QC is under way is the engine's flag.
 */
import type { Flags, SearchEntry } from '../../worker/domain/types';
import { paths } from '../app/paths';

export function searchTarget(entry: SearchEntry, flags: Flags): string {
  switch (entry.type) {
    case 'project':
      return flags.projects ? paths.project(entry.related.projectId ?? entry.id) : paths.captures();
    case 'capture':
      return paths.captures();
    case 'flightplan':
      return entry.related.captureId ? paths.capture(entry.related.captureId, 'flight-plans') : paths.captures();
    case 'survey': {
      if (entry.underQc) return paths.surveyQc(entry.id);
      const captureId = entry.related.captureId;
      return captureId ? paths.capture(captureId, 'surveys') : paths.captures();
    }
    case 'media':
      return paths.media();
  }
}

/** Group headings of the suggestion list, in display order. */
export const SEARCH_GROUPS: { type: SearchEntry['type']; label: string }[] = [
  { type: 'project', label: 'Projects' },
  { type: 'capture', label: 'Captures' },
  { type: 'flightplan', label: 'Flight Plans' },
  { type: 'survey', label: 'Surveys' },
  { type: 'media', label: 'Media' },
];
