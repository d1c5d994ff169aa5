/**
 * The Download Frames dialog, mounted once by the shell (like the preset modals). Its content, and
 * the ZIP library it uses, are fetched on first opening: the console's first load carries neither.
 * The dialog opens once that code is in, never around a suspended content: Fluent's modal would
 * then hide its own surface from assistive technology.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { FormDialog } from '../components/FormDialog';
import { alertDialog } from '../components/presets';
import { closeDownloadFrames, useDownloadFramesState, type DownloadFramesRequest } from './downloadFramesStore';

type DialogContent = ComponentType<{ request: DownloadFramesRequest; onClose: () => void }>;

let loaded: DialogContent | null = null;
const load = () => import('./DownloadFramesDialog').then((module) => (loaded = module.default));

export function DownloadFramesHost() {
  const { request } = useDownloadFramesState();
  const [Content, setContent] = useState<DialogContent | null>(() => loaded);
  useEffect(() => {
    if (!request || Content) return;
    let live = true;
    load().then(
      (content) => live && setContent(() => content),
      (error: unknown) => {
        closeDownloadFrames();
        void alertDialog({ title: 'Download Frames', message: `Download Frames could not be opened: ${error instanceof Error ? error.message : String(error)}` });
      },
    );
    return () => {
      live = false;
    };
  }, [request, Content]);
  // The last request keeps its content on screen while the dialog animates closed.
  const [last, setLast] = useState(request);
  if (request && request !== last) setLast(request);
  const shown = request ?? last;
  return (
    <FormDialog open={request !== null && Content !== null} onClose={closeDownloadFrames}>
      {shown && Content && <Content request={shown} onClose={closeDownloadFrames} />}
    </FormDialog>
  );
}
