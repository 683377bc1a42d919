import type { DecodeReply, DecodeRequest } from './decode.worker.ts';
import { NATIVE_FORMATS, nativeFormatsFor, type CameraFormat } from './formats.ts';
import { nativeScannerText } from './scanner-text.ts';

/** Turns one camera frame into scanner texts, preferred format first. */
export interface FrameDecoder {
  readonly kind: 'native' | 'worker' | 'main-thread';
  decode(frame: ImageBitmap): Promise<string[]>;
  close(): void;
}

interface DetectedBarcode {
  format: string;
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own detector (Android, macOS, ChromeOS), when it reads every format asked for. */
async function nativeDecoder(formats: readonly CameraFormat[]): Promise<FrameDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector === undefined) return null;
  const wanted = nativeFormatsFor(formats, await Detector.getSupportedFormats().catch(() => []));
  if (wanted === null) return null;
  const detector = new Detector({ formats: wanted });
  const rank = (format: string) => {
    const i = formats.findIndex((f) => NATIVE_FORMATS[f].includes(format));
    return i < 0 ? formats.length : i;
  };
  return {
    kind: 'native',
    async decode(frame) {
      try {
        const found = await detector.detect(frame);
        return found.sort((a, b) => rank(a.format) - rank(b.format)).map((b) => nativeScannerText(b.format, b.rawValue));
      } finally {
        frame.close();
      }
    },
    close() {},
  };
}

/** zxing-wasm in a module worker: decoding never blocks the page. */
function workerDecoder(formats: readonly CameraFormat[]): FrameDecoder | null {
  if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./decode.worker.ts', import.meta.url), { type: 'module', name: 'barcode-decoder' });
  } catch {
    return null;
  }
  let next = 0;
  const pending = new Map<number, { resolve: (texts: string[]) => void; reject: (error: Error) => void }>();
  worker.onmessage = ({ data }: MessageEvent<DecodeReply>) => {
    const waiter = pending.get(data.id);
    pending.delete(data.id);
    if ('texts' in data) waiter?.resolve(data.texts);
    else waiter?.reject(new Error(data.error));
  };
  worker.onerror = (event) => {
    for (const waiter of pending.values()) waiter.reject(new Error(event.message || 'decoder worker failed'));
    pending.clear();
  };
  return {
    kind: 'worker',
    decode(frame) {
      const id = ++next;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const request: DecodeRequest = { id, bitmap: frame, formats };
        worker.postMessage(request, [frame]);
      });
    },
    close() {
      worker.terminate();
      for (const waiter of pending.values()) waiter.reject(new Error('decoder closed'));
      pending.clear();
    },
  };
}

/** Last resort: zxing-wasm on the main thread (the session throttles it to about 8 frames a second). */
async function mainThreadDecoder(formats: readonly CameraFormat[]): Promise<FrameDecoder> {
  const { decodeImage, pixelsOf } = await import('./zxing-decoder.ts');
  return { kind: 'main-thread', decode: (frame) => decodeImage(pixelsOf(frame), formats), close() {} };
}

/** The cheapest decoder this browser offers for these formats. */
export async function createFrameDecoder(formats: readonly CameraFormat[]): Promise<FrameDecoder> {
  return (await nativeDecoder(formats)) ?? workerDecoder(formats) ?? (await mainThreadDecoder(formats));
}
