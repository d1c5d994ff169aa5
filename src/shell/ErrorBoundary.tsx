/**
 * What an uncaught error while drawing a page shows instead of a white page (issue 19: a stored
 * value of the wrong shape, or a redirect the browser refused, left the screen blank with no way
 * out). It says what happened in the error's own words, that drawing a page changes no data, and
 * offers the way back to /captures and Reload.
 *
 * Two places: around the routes (`scope="page"`: the header stays, the link navigates in the app,
 * and a new `resetKey`, the path, draws the page again; a key would remount every page on every
 * navigation, and the image viewer's arrows would lose its zoom), and around the whole shell
 * (`scope="app"`: the header itself may be what failed, so the link loads the page anew).
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Card, Link, MessageBar, MessageBarBody, MessageBarTitle, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { paths } from '../app/paths';
import { AppLink } from '../components/AppLink';

const useStyles = makeStyles({
  root: { display: 'flex', justifyContent: 'center', padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}` },
  card: { width: 'min(640px, 100%)', padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  what: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
});

/** The error in its own words, bounded: a message of any length or type never overflows the card. */
export function errorText(error: unknown): string {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const text = raw.trim() || 'An unexpected error, without a message.';
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

export function PageError({ error, scope }: { error: unknown; scope: 'page' | 'app' }) {
  const s = useStyles();
  const toCaptures = scope === 'page' ? <AppLink href={paths.captures()}>Go to Captures</AppLink> : <Link href={paths.captures()}>Go to Captures</Link>;
  return (
    <section className={s.root} aria-labelledby="page-error-title">
      <Card className={s.card}>
        <Title2 as="h1" id="page-error-title">
          This page could not be shown
        </Title2>
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>What happened</MessageBarTitle>
            <span className={s.what}>{errorText(error)}</span>
          </MessageBarBody>
        </MessageBar>
        <Text>
          The console stopped drawing this page rather than show something wrong. Drawing a page changes no data: what the console
          confirmed is still saved.
        </Text>
        <div className={s.actions}>
          {toCaptures}
          <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={() => location.reload()}>
            Reload
          </Button>
        </div>
      </Card>
    </section>
  );
}

interface Props {
  scope: 'page' | 'app';
  /** The page shown; when it changes after an error, the children are drawn again. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
  resetKey: string | undefined;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { resetKey: props.resetKey, failed: false, error: null };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    // The stack goes to the console for a bug report; the person reads the card.
    console.error('Page error', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <PageError error={this.state.error} scope={this.props.scope} /> : this.props.children;
  }
}
