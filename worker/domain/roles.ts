/**
 * Roles in a team world (issue 52, docs/requirements.md#req-team-roles), as data: which role may
 * take which action, and the refusal in a person's words. teamRules.js reads it, on the laptop
 * (before an action) and on the team server (before a write); teamDocRules.ts carries it into the
 * server's validate function. With team sync off no role is held.
 */
import { MEDIA_STAGES } from './mediaWorkflow';
import { SURVEY_STAGES } from './types';

/** The roles an account's `_users` document may hold (`roles`), as CouchDB passes them in userCtx.roles. */
export const ROLES = ['coordinator', 'technician'] as const;
export type Role = (typeof ROLES)[number];

/** Whether a value read from a store or a stamp is one of the team's roles. */
export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/** A role in words, as the header and the refusals say it. */
export const ROLE_WORDS: Readonly<Record<Role, string>> = { coordinator: 'data coordinator', technician: 'geomatics technician' };

/**
 * Who may take an action: anyone in the world, the coordinator alone, or (for both roles) the person
 * the survey it names is assigned to.
 */
export type Right = 'anyone' | 'coordinator' | 'assignee';

export const ASSIGNS = 'Only a data coordinator assigns surveys';
export const CANCELS = 'Only a data coordinator cancels a survey';
export const CAPTURE_WORK = 'Only a data coordinator processes, checks and publishes a capture';
export const CLEANS = 'Only a data coordinator cleans a capture';
export const SETS_SPEED = 'Only a data coordinator sets the team’s simulation speed';

/** The table (docs/requirements.md#req-team-roles): each action of the console, its right and its refusal. */
export const ACTION_RIGHTS: Readonly<Record<string, { right: Right; why?: string }>> = {
  login: { right: 'anyone' },
  logout: { right: 'anyone' },
  // The speed is the one team-wide flag: held apart (actionRoleRefusal's `speed`, the table's SETS_SPEED), the rest are the person's own.
  setFlags: { right: 'anyone' },
  insertMedia: { right: 'anyone' },
  receiveMedia: { right: 'anyone' },
  cancelReceive: { right: 'anyone' },
  ejectMedia: { right: 'anyone' },
  assignSurveys: { right: 'coordinator', why: ASSIGNS },
  reassignSurvey: { right: 'coordinator', why: ASSIGNS },
  cancelSurvey: { right: 'coordinator', why: CANCELS },
  processApplanix: { right: 'assignee' },
  processPodconfig: { right: 'assignee' },
  startSurveyQc: { right: 'assignee' },
  approveSurveyQc: { right: 'assignee' },
  rejectSurveyQc: { right: 'assignee' },
  flagFrame: { right: 'assignee' },
  unflagFrame: { right: 'assignee' },
  processCapture: { right: 'coordinator', why: CAPTURE_WORK },
  startCaptureQc: { right: 'coordinator', why: CAPTURE_WORK },
  approveCaptureQc: { right: 'coordinator', why: CAPTURE_WORK },
  rejectCaptureQc: { right: 'coordinator', why: CAPTURE_WORK },
  publishCapture: { right: 'coordinator', why: CAPTURE_WORK },
  cleanCapture: { right: 'coordinator', why: CLEANS },
  // Refused in a team world whatever the role (they would replace the team's world).
  cleanDemo: { right: 'anyone' },
  sampleOnly: { right: 'anyone' },
  resetDemo: { right: 'anyone' },
  reloadData: { right: 'anyone' },
  importWorld: { right: 'anyone' },
  setFavourite: { right: 'anyone' },
};

/** What the server's validate function reads (teamRules.js's roleRefusal): the table, and where the stages it guards stand. */
export interface RoleRules {
  words: Readonly<Record<Role, string>>;
  actions: Readonly<Record<string, { right: Right; why?: string }>>;
  /** History kinds only a coordinator's action writes, with the refusal. */
  history: Readonly<Record<string, string>>;
  /** A survey's stages from the capture's processing on (the letters of its stored workflow from this index): the coordinator's. */
  processingFrom: number;
  /** The media workflow's assign stage (its letter turns C when the coordinator assigns). */
  mediaAssignAt: number;
  speed: string;
  assigns: string;
  cancels: string;
  captureWork: string;
  cleans: string;
}

export const ROLE_RULES: RoleRules = {
  words: ROLE_WORDS,
  actions: ACTION_RIGHTS,
  history: {
    assigned: ASSIGNS,
    reassigned: ASSIGNS,
    cancelled: CANCELS,
    processingStarted: CAPTURE_WORK,
    captureQcStarted: CAPTURE_WORK,
    captureQcApproved: CAPTURE_WORK,
    captureQcRejected: CAPTURE_WORK,
    publishStarted: CAPTURE_WORK,
    cleaned: CLEANS,
  },
  processingFrom: SURVEY_STAGES.indexOf('feature-matching'),
  mediaAssignAt: MEDIA_STAGES.indexOf('assign'),
  speed: SETS_SPEED,
  assigns: ASSIGNS,
  cancels: CANCELS,
  captureWork: CAPTURE_WORK,
  cleans: CLEANS,
};
