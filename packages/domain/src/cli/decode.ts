/// <reference types="node" />
/**
 * Command-line decoder: one raw code per line on standard input, one JSON object per line out, in order.
 *
 *   printf '0109506000134352\x1d10ABC\n' | npm run -s decode -- --unit EA --id-type GS1
 *
 * Options: --unit EA|CTN|PLT|BUN, --id-type GS1|NON_GS1, --purpose item|batch, --today YYYY-MM-DD
 * (default: the clock's date), --prefix TEXT, --strip00, --bare-sscc, --separators LIST (comma-separated
 * variants, or 'none'). Bad input never stops it; it exits 0 when standard input ends.
 */
import { createInterface } from 'node:readline';
import { ID_TYPES, UNIT_TYPES, type IdType, type UnitType } from '../units.ts';
import { decodeScan, type DecodeResult, type ScanOptions } from '../gs1/decode.ts';
import { SEPARATOR_VARIANTS, type SeparatorVariant } from '../gs1/separators.ts';

function argValue(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function parseArgs(args: readonly string[], today: string): ScanOptions | string {
  const unit = argValue(args, '--unit');
  const idType = argValue(args, '--id-type');
  const purpose = argValue(args, '--purpose');
  const separators = argValue(args, '--separators');
  if (unit !== undefined && !UNIT_TYPES.includes(unit as UnitType)) return `--unit must be one of ${UNIT_TYPES.join(', ')}`;
  if (idType !== undefined && !ID_TYPES.includes(idType as IdType)) return `--id-type must be one of ${ID_TYPES.join(', ')}`;
  if (purpose !== undefined && purpose !== 'item' && purpose !== 'batch') return '--purpose must be item or batch';
  const list = separators === undefined ? undefined : separators === 'none' ? [] : separators.split(',');
  const unknown = list?.find((v) => !SEPARATOR_VARIANTS.includes(v as SeparatorVariant));
  if (unknown !== undefined) return `unknown separator variant ${unknown}; known: ${SEPARATOR_VARIANTS.join(', ')}`;
  const prefix = argValue(args, '--prefix');
  return {
    today: argValue(args, '--today') ?? today,
    ...(unit === undefined ? {} : { unit: unit as UnitType }),
    ...(idType === undefined ? {} : { idType: idType as IdType }),
    ...(purpose === undefined ? {} : { purpose: purpose as 'item' | 'batch' }),
    ...(list === undefined ? {} : { separators: list as SeparatorVariant[] }),
    ...(prefix === undefined ? {} : { prefix }),
    strip00: args.includes('--strip00'),
    bareSscc: args.includes('--bare-sscc'),
  };
}

/** The JSON line for one result (the CLI's output contract). */
export function toJsonLine(result: DecodeResult): string {
  if (!result.ok) return JSON.stringify({ ok: false, code: result.code, message: result.message });
  const { symbology, format, elements, gtin, expiry, batch, serial, sscc, ppn, code, id } = result;
  const head = JSON.stringify({ ok: true, symbology, format });
  // The AIs in scan order: JSON.stringify would put integer-like keys ('10', '17') first.
  const gs1 = format === 'GS1' || format === 'GS1_DIGITAL_LINK';
  const ai = gs1 ? elements.map((e) => JSON.stringify(e.id) + ':' + JSON.stringify(e.value)).join(',') : '';
  const tail = JSON.stringify({ gtin, expiry, batch, serial, sscc, ppn, code, id });
  return head.slice(0, -1) + ',"ai":{' + ai + '},' + tail.slice(1);
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2), new Date().toISOString().slice(0, 10));
  if (typeof options === 'string') {
    process.stderr.write(`decode: ${options}\n`);
    process.exitCode = 2;
    return;
  }
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let buffer = '';
  for await (const line of lines) {
    buffer += toJsonLine(decodeScan(line, options)) + '\n';
    if (buffer.length > 65536) {
      if (!process.stdout.write(buffer)) await new Promise((resolve) => process.stdout.once('drain', resolve));
      buffer = '';
    }
  }
  process.stdout.write(buffer);
}

await main();
