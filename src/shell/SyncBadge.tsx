/**
 * The header's team-sync badge (issue 21): how sync stands (Up to date, Offline · 3 waiting, Sync
 * error) and, when there are any, how many conflicts wait for a person, linking to them. Nothing
 * while sync is off.
 */
import { Badge, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'wouter';
import { useTeamSync } from '../engine/hooks';
import { paths } from '../app/paths';
import { syncStateText } from './syncStateText';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap', flexShrink: 0 },
  link: { color: tokens.colorNeutralForegroundOnBrand },
});

export function SyncBadge() {
  const s = useStyles();
  const status = useTeamSync();
  if (!status || status.state === 'off') return null;
  const text = syncStateText(status);
  const color = status.state === 'error' ? 'danger' : status.state === 'offline' ? 'warning' : status.state === 'up-to-date' ? 'success' : 'informative';
  return (
    <div className={s.root} role="status" aria-label={`Team sync: ${text}${status.conflicts ? `, ${status.conflicts} conflict${status.conflicts === 1 ? '' : 's'}` : ''}`}>
      <Tooltip content={status.error ?? `Team world ${status.world ?? ''}`} relationship="description">
        <Badge appearance="filled" color={color}>
          {text}
        </Badge>
      </Tooltip>
      {status.conflicts > 0 && (
        <Link className={s.link} href={paths.conflicts()}>
          {status.conflicts === 1 ? '1 conflict' : `${status.conflicts} conflicts`}
        </Link>
      )}
    </div>
  );
}
