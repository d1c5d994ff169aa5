/**
 * Settings → Team sync: this laptop's own changes the team server refused (issue 33), with what it
 * said, sent again only when the person asks; apart from them, the team's changes this laptop has
 * not taken into its world, each named (issue 32, docs/sync.md#what-is-not-taken): what it is
 * about, who sent it from which laptop and when, and why; and below, the team's changes not taken
 * that this laptop answered by writing back the version it holds. One word for each (issue 51):
 * "refused" is the server's, "not taken" this laptop's. Read again whenever the badge's counts move.
 */
import { useEffect, useState } from 'react';
import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DateTime } from 'luxon';
import type { NotTakenShown, SyncStatus } from '../../../worker/api';
import { engineClient } from '../../engine/client';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  why: { overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
});

const when = (ms: number) => (ms ? DateTime.fromMillis(ms).toFormat('LLL d, yyyy HH:mm') : '—');
const sender = (item: NotTakenShown) => (item.by ? `${item.by}${item.laptop ? ` (laptop ${item.laptop.slice(0, 8)})` : ''}` : 'not said');

function Changes({ caption, why, items }: { caption: string; why: string; items: NotTakenShown[] }) {
  const s = useStyles();
  return (
    <Table size="small" aria-label={caption}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Change</TableHeaderCell>
          <TableHeaderCell>Sent by</TableHeaderCell>
          <TableHeaderCell>When</TableHeaderCell>
          <TableHeaderCell>{why}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id}>
            <TableCell>{item.what}</TableCell>
            <TableCell>{sender(item)}</TableCell>
            <TableCell>{when(item.at)}</TableCell>
            <TableCell className={s.why}>
              {item.state === 'waiting' ? `Until what it names arrives: ${item.why}` : item.why}
              {item.answeredAt !== undefined && <span className={s.muted}> · answered {when(item.answeredAt)}</span>}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function NotTakenList({ status }: { status: SyncStatus }) {
  const s = useStyles();
  const [lists, setLists] = useState<{ listed: NotTakenShown[]; answered: NotTakenShown[] } | null>(null);
  const { notTaken, answered, refused } = status;
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void engineClient()
      .teamSync({ op: 'notTaken' })
      .then((answer) => current && setLists(answer.ok ? (answer.notTaken ?? null) : null));
    return () => {
      current = false;
    };
  }, [notTaken, answered, refused]);
  if (!lists || (!lists.listed.length && !lists.answered.length)) return null;
  const denied = lists.listed.filter((item) => item.state === 'denied');
  const others = lists.listed.filter((item) => item.state !== 'denied');
  const sendAgain = async () => {
    setSending(true);
    try {
      const answer = await engineClient().teamSync({ op: 'sendAgain' });
      setSent(answer.ok ? 'Sent again: the team server answers each one.' : answer.error);
    } finally {
      setSending(false);
    }
  };
  return (
    <div className={s.root}>
      {denied.length > 0 && (
        <>
          <Text weight="semibold">Refused by the team server</Text>
          <Text className={s.muted}>
            The team server refused these changes made on this laptop. They stay here, in this laptop’s world, and are not sent again on their own: once what
            the server said is mended (your team’s admin added you to the team world, say), send them again.
          </Text>
          <Changes caption="Refused by the team server" why="What the team server said" items={denied} />
          <div>
            <Button disabled={sending} onClick={() => void sendAgain()}>
              {sending ? 'Sending again…' : 'Send again'}
            </Button>
          </div>
          {sent && <Text role="status">{sent}</Text>}
        </>
      )}
      {others.length > 0 && (
        <>
          <Text weight="semibold">The team’s changes not taken on this laptop</Text>
          <Text className={s.muted}>
            These changes from the team world break the console’s rules or name something this laptop does not hold. They stay out of this laptop’s world until a
            new version of them arrives, or what they name does.
          </Text>
          <Changes caption="Changes not taken" why="Why it is not taken" items={others} />
        </>
      )}
      {lists.answered.length > 0 && (
        <>
          <Text weight="semibold">Not taken, and answered by this laptop</Text>
          <Text className={s.muted}>This laptop held these entities, kept its own version and sent it back over the team’s change it did not take, so every laptop keeps it.</Text>
          <Changes caption="Not taken and answered" why="Why it is not taken" items={lists.answered} />
        </>
      )}
    </div>
  );
}
