/// <reference lib="webworker" />
import type { CameraFormat } from './formats.ts';
import { decodeImage, pixelsOf } from './zxing-decoder.ts';

export interface DecodeRequest {
  id: number;
  bitmap: ImageBitmap;
  formats: readonly CameraFormat[];
}
export type DecodeReply = { id: number; texts: string[] } | { id: number; error: string };

/** Decodes camera frames off the main thread: one frame in, its scanner texts out. */
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = async ({ data }: MessageEvent<DecodeRequest>) => {
  let reply: DecodeReply;
  try {
    reply = { id: data.id, texts: await decodeImage(pixelsOf(data.bitmap), data.formats) };
  } catch (error) {
    reply = { id: data.id, error: String(error) };
  }
  scope.postMessage(reply);
};
