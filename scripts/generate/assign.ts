/**
 * Who works which survey. Assignment happens per media set (docs/requirements.md#req-validation-assign: all its surveys, or one by
 * one): a capture's lead technician takes most of them, colleagues the rest; the data coordinator
 * rarely keeps any. Media not yet assigned leave their surveys unassigned.
 */
import type { Media } from '../../worker/domain/types';
import { EMAIL_DOMAIN, STAFF } from './catalog';
import type { Rng } from './prng';
import type { PlannedSurvey } from './surveys';
import type { MediaTarget } from './targets';

export interface PlannedMedia {
  media: Media;
  target: MediaTarget;
  surveys: PlannedSurvey[];
}

const email = (local: string) => `${local}@${EMAIL_DOMAIN}`;

export function assignSurveys(rng: Rng, media: readonly PlannedMedia[]): void {
  const technicians = STAFF.slice(1);
  for (const m of media) {
    if (m.target !== 'assigned') continue;
    // Usually the whole set goes to one person; sometimes it is split survey by survey.
    const split = m.surveys.length > 1 && rng.chance(0.25);
    const whole = rng.chance(0.85) ? m.surveys[0]?.capture.lead ?? technicians[0]! : rng.pick(STAFF);
    for (const s of m.surveys) {
      s.survey.assignedTo = email(split && rng.chance(0.5) ? rng.pick(technicians) : whole);
    }
  }
}
