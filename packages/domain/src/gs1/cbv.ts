/**
 * CBV 2.0 values come as compact terms ('receiving'), as URNs ('urn:epcglobal:cbv:bizstep:receiving')
 * or as GS1 Web URIs ('https://ref.gs1.org/cbv/BizStep-receiving'). The EPCIS 2.0 JSON Schema takes
 * the compact terms (CBV 2.0 section 8.2, EPCIS 2.0 JSON-LD context); this turns the other two into them.
 */
const URN = /^urn:epcglobal:cbv:(bizstep|disp|btt|sdt|er):(.+)$/;
const WEB = /^https?:\/\/ref\.gs1\.org\/cbv\/(BizStep|Disp|BTT|SDT|ER)-(.+)$/;

export function compactCbv(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const m = URN.exec(value) ?? WEB.exec(value);
  return m ? m[2] : value;
}

type Json = Record<string, unknown>;

/** A copy of an EPCIS event with its CBV values in compact form; everything else untouched. */
export function compactEventCbv(event: Json): Json {
  const out: Json = { ...event };
  for (const key of ['bizStep', 'disposition']) if (key in out) out[key] = compactCbv(out[key]);
  if (Array.isArray(out.bizTransactionList)) {
    out.bizTransactionList = out.bizTransactionList.map((bt: Json) =>
      bt && typeof bt === 'object' ? { ...bt, type: compactCbv(bt.type) } : bt,
    );
  }
  for (const key of ['sourceList', 'destinationList']) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.map((s: Json) => (s && typeof s === 'object' ? { ...s, type: compactCbv(s.type) } : s));
  }
  const pd = out.persistentDisposition as Json | undefined;
  if (pd && typeof pd === 'object') {
    out.persistentDisposition = Object.fromEntries(Object.entries(pd).map(([k, v]) => [k, Array.isArray(v) ? v.map(compactCbv) : v]));
  }
  return out;
}
