/**
 * The captures a media set's surveys belong to, as links (a survey never changes capture, so
 * reading them once per render is enough).
 */
import { Fragment } from 'react';
import { AppLink } from './AppLink';
import type { Id } from '../../worker/domain/types';
import { engineClient } from '../engine/client';
import { paths } from '../app/paths';

export function MediaCaptures({ surveyIds }: { surveyIds: Id[] }) {
  const { model } = engineClient();
  const captures = new Map<Id, string>();
  for (const id of surveyIds) {
    const s = model.get('surveys', id);
    if (s) captures.set(s.captureId, s.cpid);
  }
  if (captures.size === 0) return <>—</>;
  return (
    <>
      {[...captures].map(([captureId, cpid], i) => (
        <Fragment key={captureId}>
          {i > 0 && ', '}
          <AppLink href={paths.capture(captureId)}>{cpid}</AppLink>
        </Fragment>
      ))}
    </>
  );
}
