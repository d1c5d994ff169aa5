/**
 * Settings → Team sync, signed in: the person changes their own team password (issue 53,
 * docs/sync.md#who-can-do-what), as CouchDB lets a user change their own `_users` document. The
 * worker checks what is typed and signs this laptop in with the new password; its message stands
 * beside the field it is about. The passwords are sent once and never kept.
 */
import { useState } from 'react';
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { engineClient } from '../../engine/client';
import { showFlash } from '../../app/flash';

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap', gridColumn: '1 / -1' },
  describe: { gridColumn: '1 / -1', color: tokens.colorNeutralForeground2 },
});

const EMPTY = { password: '', newPassword: '', again: '' };
type Fields = typeof EMPTY;

export function TeamPasswordChange() {
  const s = useStyles();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Fields> & { other?: string }>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setValue(EMPTY);
    setErrors({});
  };

  const change = async () => {
    setBusy(true);
    setErrors({});
    try {
      const answer = await engineClient().teamSync({ op: 'changePassword', ...value });
      if (answer.ok) {
        close();
        showFlash({ category: 'success', text: 'Your team password is changed: this laptop is signed in with the new one' });
      } else if (answer.field === 'password' || answer.field === 'newPassword' || answer.field === 'again') setErrors({ [answer.field]: answer.error });
      else setErrors({ other: answer.error });
    } finally {
      setBusy(false);
    }
  };

  if (!open) return <Button onClick={() => setOpen(true)}>Change your password</Button>;
  const field = (key: keyof Fields, label: string, autoComplete: string) => (
    <Field label={label} validationMessage={errors[key]}>
      <Input type="password" value={value[key]} autoComplete={autoComplete} onChange={(_, d) => setValue((v) => ({ ...v, [key]: d.value }))} />
    </Field>
  );
  return (
    <>
      <form
        className={s.form}
        aria-label="Change your team password"
        onSubmit={(e) => {
          e.preventDefault();
          void change();
        }}
      >
        <Text className={s.describe}>Your team password changes on the team server: sign in with the new one on your other laptops.</Text>
        {field('password', 'Current password', 'current-password')}
        {field('newPassword', 'New password', 'new-password')}
        {field('again', 'New password again', 'new-password')}
        <div className={s.actions}>
          <Button type="submit" appearance="primary" disabled={busy}>
            {busy ? 'Changing…' : 'Change password'}
          </Button>
          <Button disabled={busy} onClick={close}>
            Cancel
          </Button>
        </div>
      </form>
      {errors.other && <Text role="alert">{errors.other}</Text>}
    </>
  );
}
