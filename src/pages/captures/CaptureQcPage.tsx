// stub: owned by ops
/**
 * Placeholder so the shell's routes compile until the ops page lands; ops overwrites this file.
 */

export default function CaptureQcPage({ captureId }: { captureId: string }) {
  return <h1>Capture QC {captureId}</h1>;
}
