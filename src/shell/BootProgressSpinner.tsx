/**
 * The spinner a page shows while the engine boots, saying how far the boot has come (reading,
 * checking, storing the sample data; bootProgressText.ts).
 */
import { useBootProgress } from '../engine/hooks';
import { BootSpinner } from './BootSpinner';
import { bootProgressText } from './bootProgressText';

export function BootProgressSpinner() {
  return <BootSpinner label={bootProgressText(useBootProgress())} />;
}
