/** The viewfinder, as fractions of the camera box: wide enough for a GS1-128 label, tall enough for a DataMatrix. */
export const VIEWFINDER = { width: 0.84, height: 0.62 } as const;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The part of the video frame under the viewfinder, in video pixels. The video fills its box
 * (`object-fit: cover`): it is scaled to cover the box and centred, so the edges that overflow are cut.
 */
export function viewfinderCrop(
  video: { width: number; height: number },
  box: { width: number; height: number },
  finder: { width: number; height: number } = VIEWFINDER,
): Rect {
  if (video.width <= 0 || video.height <= 0 || box.width <= 0 || box.height <= 0)
    return { x: 0, y: 0, width: Math.max(video.width, 0), height: Math.max(video.height, 0) };
  const scale = Math.max(box.width / video.width, box.height / video.height);
  const width = Math.min(video.width, Math.round((box.width * finder.width) / scale));
  const height = Math.min(video.height, Math.round((box.height * finder.height) / scale));
  return { x: Math.round((video.width - width) / 2), y: Math.round((video.height - height) / 2), width, height };
}
