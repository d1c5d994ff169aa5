// stub: owned by ops
/**
 * Placeholder so the shell's routes compile until the ops page lands; ops overwrites this file.
 */

export default function ImageViewerPage({ surveyId, line, camera, image }: { surveyId: string; line: number; camera: string; image: string }) {
  return <h1>Image {surveyId} {line} {camera} {image}</h1>;
}
