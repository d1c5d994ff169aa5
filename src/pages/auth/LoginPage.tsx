/**
 * Sign in (docs/requirements.md#req-screen-login, #req-validation-login): Email, Password, Sign in. The engine validates and answers with the
 * message and the field it belongs beside. Anonymous only: a signed-in visitor goes to /; after
 * signing in here, to the `redirect` query or /help.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, Spinner, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { Redirect, useSearch } from 'wouter';
import { DEMO_PASSWORD } from '../../../worker/domain/constants';
import { useCurrent } from '../../engine/hooks';
import { useAction } from '../../app/useAction';
import { engineClient } from '../../engine/client';
import { paths } from '../../app/paths';
import { redirectTarget } from '../../shell/redirectTarget';
import { useRevealRefusal } from '../../components/useRevealRefusal';

const useStyles = makeStyles({
  root: { display: 'flex', justifyContent: 'center', paddingTop: '6vh' },
  card: { width: 'min(420px, 100%)', padding: tokens.spacingHorizontalXXL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  hint: { color: tokens.colorNeutralForeground3 },
  code: { fontFamily: tokens.fontFamilyMonospace },
});

interface Errors {
  email?: string;
  password?: string;
  other?: string;
}

export default function LoginPage() {
  const s = useStyles();
  const current = useCurrent();
  const search = useSearch();
  const act = useAction();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  // Set before dispatching, so when the session flips to logged-in this page knows it was us.
  const [submitted, setSubmitted] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const signIn = useRef<HTMLButtonElement>(null);
  const reveal = useRevealRefusal(form, signIn);

  if (current.loggedIn) return <Redirect to={submitted ? redirectTarget(search) : paths.home()} replace />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setSubmitted(true);
    const result = await act({ type: 'login', email: email.trim(), password });
    setBusy(false);
    // Saved at once, so a reload right after signing in keeps the session.
    if (result.ok) void engineClient().flush();
    if (!result.ok) {
      setSubmitted(false);
      // The engine judges both fields and names each message's field (docs/requirements.md#req-validation-login texts).
      const fields = result.fields ?? (result.field ? { [result.field]: result.error } : {});
      setErrors(fields.email || fields.password ? { email: fields.email, password: fields.password } : { other: result.error });
      reveal();
    }
  };

  return (
    <div className={s.root}>
      <Card className={s.card}>
        <form ref={form} className={s.form} onSubmit={onSubmit} noValidate>
          <Title2 as="h1">Sign in</Title2>
          <Field label="Email" validationMessage={errors.email} validationState={errors.email ? 'error' : 'none'}>
            <Input
              type="email"
              autoComplete="username"
              // The page is there to sign in: the first field is ready to type in.
              autoFocus
              value={email}
              onChange={(_, d) => {
                setEmail(d.value);
                setErrors((x) => ({ ...x, email: undefined }));
              }}
            />
          </Field>
          <Field
            label="Password"
            validationMessage={errors.password ?? errors.other}
            validationState={errors.password || errors.other ? 'error' : 'none'}
          >
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(_, d) => {
                setPassword(d.value);
                setErrors((x) => ({ ...x, password: undefined, other: undefined }));
              }}
            />
          </Field>
          {/* Focusable while busy: a focused button that turns disabled drops focus to <body>. */}
          <Button ref={signIn} appearance="primary" type="submit" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            Sign in
          </Button>
          <Text className={s.hint}>
            Any address like <span className={s.code}>first.last@aerial.example</span> works; the demo password is{' '}
            <span className={s.code}>{DEMO_PASSWORD}</span>.
          </Text>
        </form>
      </Card>
    </div>
  );
}
