import { createDeduper } from './dedupe.ts';
import type { CameraFormat } from './formats.ts';
import { createFrameDecoder, type FrameDecoder } from './frame-decoder.ts';
import { viewfinderCrop } from './viewfinder.ts';

/** Why the camera cannot show: the component turns each into a message. */
export type CameraFailure = 'denied' | 'no-camera' | 'insecure' | 'failed';

export interface CameraSessionOptions {
  video: HTMLVideoElement;
  /** The box the video covers: the viewfinder is a fraction of it. */
  box: HTMLElement;
  formats: readonly CameraFormat[];
  onDetected: (raw: string) => void;
  /** The camera shows; frames go to this decoder. */
  onLive: (decoder: FrameDecoder['kind']) => void;
  onFailure: (failure: CameraFailure) => void;
}

/** Frames decoded per second at most: 10 off the main thread, 8 on it. */
const FRAME_MS = { native: 100, worker: 100, 'main-thread': 125 } as const;

/** An environment-facing camera at a modest resolution: enough for a pack's DataMatrix at 10-20 cm. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
};

export function failureOf(error: unknown): CameraFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'no-camera';
  return 'failed';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens the camera into `video` and decodes what the viewfinder shows, one frame at a time,
 * reporting each code once (see dedupe.ts). `stop()` releases the camera and the decoder,
 * also when called while the camera is still opening.
 */
export function startCameraSession(options: CameraSessionOptions): { stop: () => void } {
  let stopped = false;
  let stream: MediaStream | undefined;
  let decoder: FrameDecoder | undefined;
  const release = () => {
    stream?.getTracks().forEach((track) => track.stop());
    decoder?.close();
    if (options.video.srcObject === stream) options.video.srcObject = null;
  };

  const run = async () => {
    const devices = navigator.mediaDevices as MediaDevices | undefined;
    if (devices?.getUserMedia === undefined) return options.onFailure(window.isSecureContext ? 'no-camera' : 'insecure');
    try {
      stream = await devices.getUserMedia(CAMERA_CONSTRAINTS);
    } catch (error) {
      if (!stopped) options.onFailure(failureOf(error));
      return;
    }
    if (stopped) return release();
    const { video, box } = options;
    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    await video.play().catch(() => undefined);
    decoder = await createFrameDecoder(options.formats);
    if (stopped) return release();
    options.onLive(decoder.kind);
    const dedupe = createDeduper();
    const frameMs = FRAME_MS[decoder.kind];
    while (!stopped) {
      const started = performance.now();
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        const crop = viewfinderCrop(
          { width: video.videoWidth, height: video.videoHeight },
          { width: box.clientWidth, height: box.clientHeight },
        );
        try {
          const frame = await createImageBitmap(video, crop.x, crop.y, crop.width, crop.height);
          const texts = await decoder.decode(frame);
          // The preferred code in view only: a pack's EAN-13 beside its DataMatrix is not a second scan.
          const fresh = dedupe.frame(texts.slice(0, 1), performance.now());
          if (!stopped) fresh.forEach(options.onDetected);
        } catch {
          // A frame that cannot be read (the stream ended, a decoder hiccup): try the next one.
        }
      }
      await sleep(Math.max(0, frameMs - (performance.now() - started)));
    }
  };
  void run();
  return {
    stop: () => {
      stopped = true;
      release();
    },
  };
}
