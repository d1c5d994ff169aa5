/** PodConfig uploads for engine tests: the sample file that ships with the app, and hostile ones. */
import { readFileSync } from 'node:fs';
import type { PodconfigFile } from '../../worker/api';

export const SAMPLE_PODCONFIG_TEXT = readFileSync(new URL('../../public/samples/podconfig-sample.xml', import.meta.url), 'utf8');

export function podconfigFile(content: string | Uint8Array, name = 'podconfig.xml', size?: number): PodconfigFile {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return { name, size: size ?? bytes.length, bytes };
}

/** The sample PodConfig as a one-file upload. */
export function samplePodconfig(name = 'podconfig.xml'): PodconfigFile[] {
  return [podconfigFile(SAMPLE_PODCONFIG_TEXT, name)];
}
