/**
 * Reads a chosen PodConfig file for the engine to check (issue 13). Only the first
 * PODCONFIG_MAX_BYTES + 1 bytes are read: enough for the engine to see a file is too big, without
 * ever loading a wrong multi-gigabyte pick into memory. The engine, not the UI, judges the bytes.
 */
import type { PodconfigFile } from '../../worker/api';
import { PODCONFIG_MAX_BYTES } from '../../worker/domain/constants';

export async function readPodconfigFile(file: File): Promise<PodconfigFile> {
  const bytes = new Uint8Array(await file.slice(0, PODCONFIG_MAX_BYTES + 1).arrayBuffer());
  return { name: file.name, size: file.size, bytes };
}

export function readPodconfigFiles(files: readonly File[]): Promise<PodconfigFile[]> {
  return Promise.all(files.map(readPodconfigFile));
}

/** Shipped in public/ and precached: a demo with airplane mode on still has a file to upload. */
export const SAMPLE_PODCONFIG_URL = `${import.meta.env.BASE_URL}samples/podconfig-sample.xml`;
