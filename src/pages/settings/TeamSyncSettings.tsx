/**
 * Settings → Team sync (issues 21 and 33, docs/sync.md): joins a team world on the server beside
 * this app, signed in with the person's team account (several laptops, one world, offline and
 * converging when they meet), shows who is signed in, signs out and in again, changes the person's
 * own password (TeamPasswordChange.tsx), links to the Team page (/team), and leaves it. The
 * engine worker checks what is typed; its message stands beside the field it is about.
 */
import { useState } from 'react';
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { engineClient } from '../../engine/client';
import { useTeamSync } from '../../engine/hooks';
import { showFlash } from '../../app/flash';
import { confirmDialog } from '../../components/presets';
import { syncStateText } from '../../shell/syncStateText';
import { AppLink } from '../../components/AppLink';
import { paths } from '../../app/paths';
import { NotTakenList } from './NotTakenList';
import { TeamAccountFields } from './TeamAccountFields';
import { TeamPasswordChange } from './TeamPasswordChange';
import { TeamSignIn } from './TeamSignIn';

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  describe: { color: tokens.colorNeutralForeground2 },
});

export function TeamSyncSettings() {
  const s = useStyles();
  const status = useTeamSync();
  const [server, setServer] = useState('/couch');
  const [world, setWorld] = useState('');
  const [account, setAccount] = useState({ account: '', password: '' });
  const [errors, setErrors] = useState<{ server?: string; world?: string; account?: string; password?: string; other?: string }>({});
  const [busy, setBusy] = useState(false);
  const joined = status !== null && status.state !== 'off' && status.state !== 'joining';

  const join = async () => {
    const ok = await confirmDialog({
      title: 'Join a team world',
      message: 'If the team world already has data, it replaces the demo data on this laptop. If it is empty, this laptop\u2019s demo data becomes the team\u2019s.',
      okLabel: 'Join',
    });
    if (!ok) return;
    setBusy(true);
    setErrors({});
    try {
      const answer = await engineClient().teamSync({ op: 'join', server, world, account: account.account, password: account.password });
      if (answer.ok) {
        setAccount((a) => ({ ...a, password: '' }));
        showFlash({ category: 'success', text: `Joined the team world ${world.trim()} as ${answer.status.account ?? account.account.trim()}` });
      } else setErrors(answer.field ? { [answer.field]: answer.error } : { other: answer.error });
    } finally {
      setBusy(false);
    }
  };

  const leave = async () => {
    setBusy(true);
    try {
      const answer = await engineClient().teamSync({ op: 'leave' });
      if (answer.ok) showFlash({ category: 'success', text: 'Left the team world: the data stays on this laptop' });
      else setErrors({ other: answer.error });
    } finally {
      setBusy(false);
    }
  };

  const signOut = async () => {
    setBusy(true);
    try {
      const answer = await engineClient().teamSync({ op: 'signOut' });
      if (answer.ok) showFlash({ category: 'success', text: 'Signed out of the team server: sync is stopped, and what is on this laptop stays' });
      else setErrors({ other: answer.error });
    } finally {
      setBusy(false);
    }
  };

  if (joined) {
    const signedOut = status.state === 'signed-out';
    return (
      <>
        <Text>
          This laptop is in the team world <strong>{status.world}</strong> on {status.server}: {syncStateText(status)}.
        </Text>
        {signedOut ? (
          <TeamSignIn status={status} />
        ) : (
          <>
            {status.error && <Text role="alert">{status.error}</Text>}
            <div className={s.actions}>
              <Text>
                Signed in to the team server as <strong>{status.account ?? 'an account the server did not name'}</strong>.
              </Text>
              <Button disabled={busy} onClick={() => void signOut()}>
                Sign out of the team server
              </Button>
            </div>
            <TeamPasswordChange />
          </>
        )}
        <NotTakenList status={status} />
        <div className={s.actions}>
          <AppLink href={paths.team()}>Team</AppLink>
          <Text className={s.describe}>Who is in this team world, their roles and laptops, and what waits from each.</Text>
        </div>
        <div className={s.actions}>
          <Button disabled={busy} onClick={() => void leave()}>
            {busy ? 'Leaving…' : 'Leave team world'}
          </Button>
          <Text className={s.describe}>Stops syncing; what is on this laptop stays.</Text>
        </div>
        {errors.other && <Text role="alert">{errors.other}</Text>}
      </>
    );
  }
  return (
    <>
      <Text className={s.describe}>
        Several laptops work on one world: each works offline, and their changes meet when they reach the server. Where two people changed the same thing, the
        Conflicts page shows both versions for a person to choose.
      </Text>
      <form
        className={s.form}
        onSubmit={(e) => {
          e.preventDefault();
          void join();
        }}
      >
        <Field label="Server path" validationMessage={errors.server} hint="On this site, such as /couch">
          <Input value={server} onChange={(_, d) => setServer(d.value)} />
        </Field>
        <Field label="World name" validationMessage={errors.world} hint="The same on every laptop of the team">
          <Input value={world} onChange={(_, d) => setWorld(d.value)} />
        </Field>
        <TeamAccountFields
          value={account}
          onChange={setAccount}
          errors={errors}
          hint="Given by your team’s admin, such as ana.lima@aerial.example; leave both empty where your company signs you in"
        />
        <div className={s.actions}>
          <Button type="submit" appearance="primary" disabled={busy || status?.state === 'joining'}>
            {busy || status?.state === 'joining' ? 'Joining…' : 'Join team world'}
          </Button>
        </div>
      </form>
      {(errors.other ?? status?.error) && <Text role="alert">{errors.other ?? status?.error}</Text>}
    </>
  );
}
