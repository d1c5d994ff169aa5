/**
 * The header's team-sync badge (issues 21, 32, 33 and 51): how sync stands (Up to date, Offline · 3 not sent,
 * Receiving 3,200 of 20,000, Sign in to sync, Sync error) and, when there are any, how many of this laptop's
 * changes the team server refused, how many of the team's changes this laptop has not taken and how many
 * conflicts wait for a person, each linking to where they are named. Nothing while sync is off.
 */
import { Badge, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'wouter';
import { useTeamSync } from '../engine/hooks';
import { paths } from '../app/paths';
import { notTakenText, refusedText, syncStateText } from './syncStateText';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap', flexShrink: 0 },
  link: { color: tokens.colorNeutralForegroundOnBrand },
});

export function SyncBadge() {
  const s = useStyles();
  const status = useTeamSync();
  if (!status || status.state === 'off') return null;
  const text = syncStateText(status);
  const notTaken = notTakenText(status);
  const refused = refusedText(status);
  const color = status.state === 'error' ? 'danger' : status.state === 'offline' || status.state === 'signed-out' ? 'warning' : status.state === 'up-to-date' ? 'success' : 'informative';
  const badge = (
    <Badge appearance="filled" color={color}>
      {text}
    </Badge>
  );
  return (
    <div
      className={s.root}
      role="status"
      aria-label={`Team sync: ${text}${status.conflicts ? `, ${status.conflicts} conflict${status.conflicts === 1 ? '' : 's'}` : ''}${refused ? `, ${refused}` : ''}${notTaken ? `, ${notTaken}` : ''}`}
    >
      <Tooltip content={status.error ?? `Team world ${status.world ?? ''}`} relationship="description">
        {status.state === 'signed-out' ? (
          // Settings → Team sync says why, and signs in.
          <Link className={s.link} href={`${paths.settings()}#team-sync`}>
            {badge}
          </Link>
        ) : (
          badge
        )}
      </Tooltip>
      {refused && (
        // Settings → Team sync names each one, with what the server said, and sends them again.
        <Link className={s.link} href={`${paths.settings()}#team-sync`}>
          {refused}
        </Link>
      )}
      {notTaken && (
        // Settings → Team sync names each one: what, who sent it, when, and why.
        <Link className={s.link} href={`${paths.settings()}#team-sync`}>
          {notTaken}
        </Link>
      )}
      {status.conflicts > 0 && (
        <Link className={s.link} href={paths.conflicts()}>
          {status.conflicts === 1 ? '1 conflict' : `${status.conflicts} conflicts`}
        </Link>
      )}
    </div>
  );
}
