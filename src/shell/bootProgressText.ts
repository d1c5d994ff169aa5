/**
 * What the boot spinner says while the engine boots from all.json (a first visit to a large world
 * takes a while): reading the file, with its megabytes; checking it; storing its surveys; and a
 * reload from the store, the surveys it opens.
 */
import type { BootProgress } from '../../worker/api';

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toLocaleString('en', { maximumFractionDigits: bytes < 10 * MB ? 1 : 0 });

export function bootProgressText(progress: BootProgress | null): string {
  if (!progress) return 'Loading survey data…';
  switch (progress.step) {
    case 'reading':
      // A compressed response's length counts fewer bytes than arrive: then the total says nothing.
      return progress.total && progress.bytes <= progress.total
        ? `Reading the sample data… ${mb(progress.bytes)} of ${mb(progress.total)} MB`
        : `Reading the sample data… ${mb(progress.bytes)} MB`;
    case 'checking':
      return 'Checking the sample data…';
    case 'storing':
      return `Storing ${progress.surveys.toLocaleString('en')} surveys on this device…`;
    case 'opening':
      return progress.surveys === null ? 'Opening the surveys on this device…' : `Opening ${progress.surveys.toLocaleString('en')} surveys…`;
  }
}
