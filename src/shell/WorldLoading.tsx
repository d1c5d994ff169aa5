/**
 * While the worker reads the rest of a large stored world (after its first look showed the capture
 * table), a quiet line says so: pages of other kinds show their own "Loading…" until then, and an
 * action waits for it rather than fail.
 */
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useWorldLoading } from '../engine/hooks';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalS,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
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
