/**
 * Settings → Team sync, signed out (issue 33, docs/sync.md#signing-in): the team server ended this
 * laptop's session, refused its account, or the person signed out. It says why, and signs in
 * again; meanwhile work goes on here, and what waits goes out once signed in.
 */
import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { SyncStatus } from '../../../worker/api';
import { engineClient } from '../../engine/client';
import { showFlash } from '../../app/flash';
import { TeamAccountFields, type TeamAccountErrors } from './TeamAccountFields';

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
});

export function TeamSignIn({ status }: { status: SyncStatus }) {
  const s = useStyles();
  const [value, setValue] = useState({ account: status.account ?? '', password: '' });
  const [errors, setErrors] = useState<TeamAccountErrors & { other?: string }>({});
  const [busy, setBusy] = useState(false);

  const signIn = async () => {
    setBusy(true);
    setErrors({});
    try {
      const answer = await engineClient().teamSync({ op: 'signIn', account: value.account, password: value.password });
      if (answer.ok) {
        setValue((v) => ({ ...v, password: '' }));
        showFlash({ category: 'success', text: `Signed in to the team server as ${answer.status.account ?? value.account.trim()}` });
      } else setErrors(answer.field === 'account' || answer.field === 'password' ? { [answer.field]: answer.error } : { other: answer.error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {status.error && <Text role="alert">{status.error}</Text>}
      <form
        className={s.form}
        aria-label="Sign in to the team server"
        onSubmit={(e) => {
          e.preventDefault();
          void signIn();
        }}
      >
        <TeamAccountFields value={value} onChange={setValue} errors={errors} />
        <div className={s.actions}>
          <Button type="submit" appearance="primary" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in to sync'}
          </Button>
        </div>
      </form>
      {errors.other && <Text role="alert">{errors.other}</Text>}
    </>
  );
}
