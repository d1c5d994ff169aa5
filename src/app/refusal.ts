/**
 * A button outside a dialog has no field to show the engine's refusal beside: the engine's message
 * opens in the Alert preset instead (docs/requirements.md#req-presets), the same way for every such button.
 */
import type { ActionResult } from '../../worker/api';
import { alertDialog } from '../components/presets';

export async function alertIfRefused(
  pending: Promise<ActionResult>,
  title: string,
  describe: (error: string) => string = (error) => error,
): Promise<ActionResult> {
  const result = await pending;
  if (!result.ok) await alertDialog({ title, message: describe(result.error) });
  return result;
}
