/**
 * Simulation speed (docs/architecture.md#arch-simulation-speed: 1×, 10×, 100×) and the image proxy (empty = the embedded
 * offline photo set). Both are engine flags; while team sync is on, the speed is the team world's. The engine judges the proxy address (an http(s) URL,
 * bounded; issue 19) and its refusal shows beside the field until the text changes.
 */
import { useState } from 'react';
import { Button, Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { SIMULATION_SPEEDS, type SimulationSpeed } from '../../../worker/domain/constants';
import { useFlags, useTeamSync } from '../../engine/hooks';
import { useAction } from '../../app/useAction';
import { useRoleRefusal } from '../../app/roleRefusal';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '520px' },
  speed: { maxWidth: '200px' },
  proxyRow: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  proxyInput: { flexGrow: 1 },
});

function asSpeed(value: string): SimulationSpeed | null {
  return SIMULATION_SPEEDS.find((s) => String(s) === value) ?? null;
}

export function SimulationSettings() {
  const s = useStyles();
  const flags = useFlags();
  const sync = useTeamSync();
  // While syncing, the speed is the team world's (docs/sync.md#the-synced-form): say so before it is changed.
  const teamWorld = sync && sync.state !== 'off' && sync.state !== 'joining' ? sync.world : undefined;
  const act = useAction();
  // The team's speed is a data coordinator's to set (issue 52): disabled, with why, for anyone else.
  const speedRefused = useRoleRefusal()('setFlags', undefined, true);
  const [proxy, setProxy] = useState(flags.imageProxy);
  const [proxyError, setProxyError] = useState<string | null>(null);
  const proxyChanged = proxy.trim() !== flags.imageProxy;

  const saveProxy = async () => {
    if (!proxyChanged || proxyError) return;
    const result = await act({ type: 'setFlags', flags: { imageProxy: proxy.trim() } });
    if (!result.ok && !result.storage) setProxyError(result.error);
  };

  return (
    <div className={s.root}>
      <Field
        label="Simulation speed"
        hint={
          speedRefused
            ? speedRefused
            : teamWorld
            ? `How fast simulated time runs: copying, receiving and processing. It is the team world ${teamWorld}'s: a change here changes it on every laptop of the team.`
            : 'How fast simulated time runs: copying, receiving and processing.'
        }
      >
        <Select
          className={s.speed}
          disabled={!!speedRefused}
          value={String(flags.speed)}
          onChange={(_, data) => {
            const speed = asSpeed(data.value);
            if (speed) void act({ type: 'setFlags', flags: { speed } });
          }}
        >
          {SIMULATION_SPEEDS.map((speed) => (
            <option key={speed} value={String(speed)}>
              {speed}×
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label="Image proxy"
        hint="Base URL of the JPEG2000 image proxy (http:// or https://). Leave empty to use the embedded offline photos."
        validationState={proxyError ? 'error' : 'none'}
        validationMessage={proxyError ?? undefined}
      >
        <div className={s.proxyRow}>
          <Input
            className={s.proxyInput}
            type="url"
            value={proxy}
            placeholder="https://imageproxy.example/convert"
            onChange={(_, data) => {
              setProxy(data.value);
              setProxyError(null);
            }}
            onBlur={() => void saveProxy()}
            onKeyDown={(e) => e.key === 'Enter' && void saveProxy()}
          />
          <Button onClick={() => void saveProxy()} disabled={!proxyChanged}>
            Save
          </Button>
        </div>
      </Field>
    </div>
  );
}
