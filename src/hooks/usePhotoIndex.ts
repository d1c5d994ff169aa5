/**
 * The survey photo index (docs/requirements.md#req-call-photo-index: one fixed test set whatever the survey), fetched once per page
 * load and shared by the QC grid and the image viewer. The service worker serves it offline.
 */
import { useEffect, useState } from 'react';
import type { PhotoIndex } from '../../worker/domain/types';
import { loadPhotoIndex } from '../pwa/photoSet';

export type PhotoIndexState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; index: PhotoIndex };

let cached: Promise<PhotoIndex> | null = null;

function load(): Promise<PhotoIndex> {
  cached ??= loadPhotoIndex().catch((e: unknown) => {
    cached = null; // let the next visit try again (e.g. back online)
    throw e;
  });
  return cached;
}

export function usePhotoIndex(): PhotoIndexState {
  const [state, setState] = useState<PhotoIndexState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      (index) => live && setState({ status: 'ready', index }),
      (e: unknown) => live && setState({ status: 'error', message: e instanceof Error ? e.message : 'The photo index could not be loaded.' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
