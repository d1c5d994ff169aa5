/**
 * The team account's two fields (issue 33, docs/sync.md#signing-in): its name and its password,
 * as the join form and the sign-in form ask for them. The password goes to the team server once,
 * to sign in, and is never kept: the browser keeps the server's session cookie instead.
 */
import { Field, Input } from '@fluentui/react-components';

export interface TeamAccountValue {
  account: string;
  password: string;
}

export interface TeamAccountErrors {
  account?: string;
  password?: string;
}

export function TeamAccountFields({
  value,
  onChange,
  errors,
  hint = 'Given by your team’s admin, such as ana.lima@aerial.example',
}: {
  value: TeamAccountValue;
  onChange: (value: TeamAccountValue) => void;
  errors: TeamAccountErrors;
  hint?: string;
}) {
  return (
    <>
      <Field label="Team account" validationMessage={errors.account} hint={hint}>
        <Input value={value.account} autoComplete="username" spellCheck={false} onChange={(_, d) => onChange({ ...value, account: d.value })} />
      </Field>
      <Field label="Password" validationMessage={errors.password}>
        <Input type="password" value={value.password} autoComplete="current-password" onChange={(_, d) => onChange({ ...value, password: d.value })} />
      </Field>
    </>
  );
}
