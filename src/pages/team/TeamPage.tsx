/**
 * The Team page, /team (issue 52, docs/requirements.md#req-team-roles): everyone in this laptop's
 * team world it has heard from, each with their role, the laptops they have used, when each was
 * last heard from and what waits from it; what waits on this laptop for the team; and who may add
 * people and change roles, and how. The worker keeps and counts all of it (the take's records,
 * docs/sync.md#the-team-page); the page reads it again whenever sync's status moves.
 */
import { Card, Spinner, Subtitle1, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { AppLink } from '../../components/AppLink';
import { useTeamSync } from '../../engine/hooks';
import { paths } from '../../app/paths';
import { useTeamSyncRead } from '../../hooks/useTeamSyncRead';
import type { TeamSyncAnswer } from '../../../worker/api';
import { TeamAdminHelp } from './TeamAdminHelp';
import { TeamMember } from './TeamMember';
import { waitingHere } from './teamWords';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1100px', minWidth: 0 },
  members: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))', gap: tokens.spacingHorizontalL },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalXL },
  muted: { color: tokens.colorNeutralForeground2 },
  wrap: { overflowWrap: 'anywhere' },
});

const TEAM_SYNC = `${paths.settings()}#team-sync`;
const members = (answer: TeamSyncAnswer) => (answer.ok ? (answer.team ?? []) : []);

export default function TeamPage() {
  const s = useStyles();
  const status = useTeamSync();
  // A take, a change sent or a sign-in moves the status: the members are read again then.
  const joined = status !== null && status.state !== 'off';
  const team = useTeamSyncRead('team', members, joined, status ? JSON.stringify(status) : '');

  if (status === null) return <Spinner size="small" label="Reading the team…" />;
  if (!joined) {
    return (
      <div className={s.root}>
        <Title2 as="h1">Team</Title2>
        <Text>
          This laptop is in no team world, so it has no team to show: the console works here alone, from the demo data. To work with a team, join its world in{' '}
          <AppLink href={TEAM_SYNC}>Settings → Team sync</AppLink>.
        </Text>
      </div>
    );
  }
  return (
    <div className={s.root}>
      <Title2 as="h1">Team</Title2>
      <Text className={s.wrap}>
        The people of the team world <strong>{status.world}</strong> this laptop has heard from, each with their role and the laptops they have used. A
        teammate shows here once a change of theirs has reached this laptop; a laptop is last heard from when the latest change made on it was.
      </Text>
      {team === null ? (
        <Spinner size="small" label="Reading the team…" />
      ) : (
        <div className={s.members}>
          {team.map((member) => (
            <TeamMember key={member.account} member={member} />
          ))}
        </div>
      )}
      {team?.length === 1 && <Text className={s.muted}>No teammate’s change has reached this laptop yet.</Text>}
      <Card className={s.card} role="region" aria-labelledby="team-waiting">
        <Subtitle1 as="h2" id="team-waiting">
          Waiting for the team
        </Subtitle1>
        <Text>This laptop’s changes: {waitingHere(status)}.</Text>
        <Text className={s.muted}>
          What the team server refused, and the team’s changes this laptop did not take, are listed with why in <AppLink href={TEAM_SYNC}>Settings → Team sync</AppLink>.
        </Text>
      </Card>
      <Card className={s.card} role="region" aria-labelledby="team-admin">
        <Subtitle1 as="h2" id="team-admin">
          Adding people and changing roles
        </Subtitle1>
        <TeamAdminHelp world={status.world ?? '<world>'} />
      </Card>
    </div>
  );
}
