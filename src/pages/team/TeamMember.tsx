/**
 * One member on the Team page (issue 52): who, their role, and each laptop they have used with when
 * it was last heard from and what waits from it. Long names wrap rather than widen the page.
 */
import { Card, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { TeamMemberShown } from '../../../worker/api';
import { laptopName, lastHeardWords, roleWords, waitingFrom } from './teamWords';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL, minWidth: 0 },
  name: { margin: 0, overflowWrap: 'anywhere' },
  laptops: { margin: 0, paddingLeft: '1.25em', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  laptop: { overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
});

export function TeamMember({ member }: { member: TeamMemberShown }) {
  const s = useStyles();
  return (
    <Card className={s.card} role="region" aria-label={member.account}>
      <Subtitle2 as="h2" className={s.name}>
        {member.account}
        {member.you ? ' (you)' : ''}
      </Subtitle2>
      <Text>{roleWords(member.role)}</Text>
      <ul className={s.laptops} aria-label={`Laptops of ${member.account}`}>
        {member.laptops.map((laptop) => (
          <li key={laptop.laptop} className={s.laptop}>
            <Text weight="semibold">{laptopName(laptop)}</Text>
            <Text className={s.muted}> · {lastHeardWords(laptop)}</Text>
            {/* This laptop's own waiting is the team's, said once below the members. */}
            {!laptop.here && <Text className={s.muted}> · {waitingFrom(laptop)}</Text>}
          </li>
        ))}
      </ul>
    </Card>
  );
}
