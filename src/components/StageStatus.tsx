/**
 * The status cell of every table: the stage's label, and while a stage works (or was cancelled or
 * failed part way) a progress bar with its percent and the time left (docs/requirements.md#req-progress-shown). The engine derives
 * all of it; this only renders `StageView`. The time left is what the person will wait (real
 * time at the simulation speed), with the simulated duration beside it when they differ. A stage
 * that stopped at 0 % shows no empty bar.
 */
import { Badge, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { formatDuration } from '../../worker/domain/workflow';
import type { StageView } from '../../worker/domain/types';
import { useFlags } from '../engine/hooks';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: '112px', '@media (min-width: 1000px)': { minWidth: '140px' } },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

export function StageStatus({ stage }: { stage: StageView }) {
  const styles = useStyles();
  const { speed } = useFlags();
  const percent = Math.round(stage.progress ?? 0);
  const working = stage.state === 'working';
  const halted = stage.state === 'cancelled' || stage.state === 'failed';
  const hasProgress = stage.progress !== undefined && !(halted && percent === 0);
  return (
    <div className={styles.root}>
      <Text className={halted ? styles.failed : undefined}>
        {stage.statusLabel}
        {stage.halted && (
          <>
            {' '}
            <Badge size="small" appearance="tint" color="danger">
              {stage.halted}
            </Badge>
          </>
        )}
      </Text>
      {hasProgress && (
        <>
          <ProgressBar
            value={percent / 100}
            thickness="large"
            color={working ? 'brand' : 'error'}
            aria-label={`${stage.statusLabel} ${percent}%`}
          />
          <Text className={styles.meta}>
            {percent}%{working && stage.remainingS !== undefined ? ` · ${timeLeft(stage.remainingS, speed)}` : ''}
          </Text>
        </>
      )}
    </div>
  );
}

/** "12s left" at 1×; "2s left (20s simulated)" when the simulation runs faster than real time. */
export function timeLeft(simulatedS: number, speed: number): string {
  const real = `${formatDuration(simulatedS / speed)} left`;
  return speed === 1 ? real : `${real} (${formatDuration(simulatedS)} simulated)`;
}
