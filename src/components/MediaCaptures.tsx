/**
 * The captures a media set's surveys belong to, as links.
 */
import { Fragment } from 'react';
import { AppLink } from './AppLink';
import type { MediaRow } from '../../worker/screens';
import { paths } from '../app/paths';

export function MediaCaptures({ captures }: { captures: MediaRow['captures'] }) {
  if (captures.length === 0) return <>—</>;
  return (
    <>
      {captures.map(({ captureId, cpid }, i) => (
        <Fragment key={captureId}>
          {i > 0 && ', '}
          <AppLink href={paths.capture(captureId)}>{cpid}</AppLink>
        </Fragment>
      ))}
    </>
  );
}
