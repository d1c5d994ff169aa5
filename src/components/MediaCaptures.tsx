/**
 * The captures a media set's surveys belong to, as links (a survey never changes capture, so
 * the list changes only when the media set's surveys do).
 */
import { Fragment } from 'react';
import { AppLink } from './AppLink';
import type { Id } from '../../worker/domain/types';
import { useEntities } from '../engine/hooks';
import { paths } from '../app/paths';

export function MediaCaptures({ surveyIds }: { surveyIds: Id[] }) {
  const captures = new Map<Id, string>();
  for (const s of useEntities('surveys', surveyIds)) captures.set(s.captureId, s.cpid);
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
