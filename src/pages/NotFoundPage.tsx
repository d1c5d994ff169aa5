/**
 * Page Not Found (docs/requirements.md#req-screen-not-found, #req-errors): any unknown path, in any state, and pages whose flag is off.
 */
import { Body1, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'wouter';
import { useCurrent } from '../engine/hooks';
import { paths } from '../app/paths';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingTop: tokens.spacingVerticalXXL },
  link: { color: tokens.colorBrandForegroundLink },
});

export function NotFoundPage() {
  const s = useStyles();
  const { loggedIn } = useCurrent();
  return (
    <section className={s.root}>
      <Title2 as="h1">Page Not Found</Title2>
      <Body1>There is nothing at this address. It may have been mistyped, or the page is switched off in Settings.</Body1>
      <Body1>
        {loggedIn ? (
          <Link href={paths.home()} className={s.link}>
            Go to the dashboard
          </Link>
        ) : (
          <Link href={paths.login()} className={s.link}>
            Go to sign in
          </Link>
        )}
      </Body1>
    </section>
  );
}

export default NotFoundPage;
