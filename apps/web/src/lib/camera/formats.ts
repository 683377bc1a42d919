/**
 * The symbologies the camera reads, by the names the zxing-wasm reader takes, and their
 * names in the browser's Barcode Detection API. EANUPC covers EAN-13, EAN-8, UPC-A and UPC-E.
 */
export type CameraFormat = 'DataMatrix' | 'Code128' | 'QRCode' | 'EANUPC';

/** GS1 DataMatrix on packs, GS1-128 on pallet and carton labels, QR (Digital Link) and retail EAN/UPC. */
export const DEFAULT_FORMATS: readonly CameraFormat[] = ['DataMatrix', 'Code128', 'QRCode', 'EANUPC'];

export const NATIVE_FORMATS: Readonly<Record<CameraFormat, readonly string[]>> = {
  DataMatrix: ['data_matrix'],
  Code128: ['code_128'],
  QRCode: ['qr_code'],
  EANUPC: ['ean_13', 'ean_8', 'upc_a', 'upc_e'],
};

/** The native formats for a set of ours, or null when the browser's detector lacks one of them. */
export function nativeFormatsFor(formats: readonly CameraFormat[], supported: readonly string[]): string[] | null {
  const wanted = formats.flatMap((f) => NATIVE_FORMATS[f]);
  return wanted.every((f) => supported.includes(f)) ? wanted : null;
}
