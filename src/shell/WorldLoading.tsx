/**
 * While the worker reads the rest of a large stored world (after its first look showed the capture
 * table), a quiet line says so: pages of other kinds show their own "Loading…" until then, and an
 * action waits for it rather than fail.
 *
 * It sits in the main area's top padding and takes no room of its own: every reload takes a first
 * look, so a line in the flow moved the page down as it came and up as it went, a tenth of a second
 * later at 400 surveys, and a click aimed at Sign in in between landed beside it (the end-to-end
 * console of a failing test showed no dispatch at all). Clicks pass through it.
 */
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useWorldLoading } from '../engine/hooks';

const useStyles = makeStyles({
  root: {
    position: 'absolute',
    top: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    pointerEvents: 'none',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
});

export function WorldLoading() {
  const s = useStyles();
  const loading = useWorldLoading();
  return (
    <div role="status" className={s.root} hidden={!loading}>
      {loading && (
        <>
          <Spinner size="extra-tiny" aria-hidden />
          Reading the surveys and media of the stored world…
        </>
      )}
    </div>
  );
}
