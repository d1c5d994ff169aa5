/**
 * Builders of every in-app path (SPEC §2: "exact path shapes for capture tabs are built by
 * helpers"). Components never assemble paths by hand.
 */
import type { Id } from '../../worker/domain/types';

const enc = encodeURIComponent;

export type CaptureTab = 'surveys' | 'flight-plans' | 'qc';

export const paths = {
  home: () => '/',
  login: (redirect?: string) => (redirect ? `/login?redirect=${enc(redirect)}` : '/login'),
  logout: () => '/logout',
  help: (page?: 'release-notes' | 'upcoming' | 'known-issues' | 'videos') => (page ? `/help/${page}` : '/help'),
  projects: () => '/projects',
  project: (projectId: Id) => `/projects/${enc(projectId)}`,
  captures: () => '/captures',
  capture: (captureId: Id, tab: CaptureTab = 'surveys') => `/captures/${enc(captureId)}/${tab}`,
  captureQc: (captureId: Id) => `/captures/${enc(captureId)}/qc`,
  surveyQc: (surveyId: Id) => `/surveys/${enc(surveyId)}/qc`,
  image: (surveyId: Id, line: number, camera: string, image: string) =>
    `/surveys/${enc(surveyId)}/qc/${line}/${enc(camera)}/${enc(image)}`,
  surveys: () => '/surveys',
  media: () => '/media',
  drives: () => '/drives',
  settings: () => '/settings',
};
