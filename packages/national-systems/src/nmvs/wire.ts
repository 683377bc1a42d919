/**
 * The NMVS (EU FMD national medicines verification system) SOAP messages in both directions:
 * requests (the adapter builds them, the simulator parses them) and answers (the simulator builds,
 * the adapter parses). Element names, order and namespace-qualified attributes follow
 * docs/decisions/0081 (sources S1, S2 there). Every value is checked against S2's types on build and
 * on parse by the same functions, and XML is written and read by fast-xml-parser only (read through
 * xml-reader.ts), so a value is always escaped by the builder and never pasted into a string.
 */
import { hasValidCheckDigit } from '@pharma/domain';
import { XMLBuilder } from 'fast-xml-parser';
import { NmvsWireError, show } from './wire-error.ts';
import { NOT_XML, readDocument, Reader, type XmlElement } from './xml-reader.ts';

export * from './return-codes.ts';
export { NmvsWireError } from './wire-error.ts';

/** What an NMVS request does (the G-code is derived from it). */
export type NmvsOperation = 'verify' | 'supply' | 'destroy' | 'export' | 'sample' | 'freeSample' | 'lock' | 'stolen';
export type NmvsKind = 'single' | 'undo' | 'bulk' | 'bulkUndo';
export interface NmvsCredentials {
  clientLoginId: string;
  userId: string;
  password: string;
}
export interface NmvsProduct {
  gtin: string;
  batch: string;
  expiry: string /* YYMMDD, day 00 allowed */;
}
export type NmvsPackState = 'ACTIVE' | 'INACTIVE' | 'UNKNOWN';
export interface NmvsPackAnswer {
  serial: string;
  state: NmvsPackState;
  reasons: string[];
  returnCode: string;
  returnDesc: string;
  alertId?: string;
}
export interface NmvsRequest {
  code: string; // 'G110', 'G135', 'G188', …
  credentials: NmvsCredentials;
  clientTrxId: string; // 1-32 of [A-Za-z0-9-]
  product?: NmvsProduct; // absent for G188
  serials: string[]; // one for single/undo, many for bulk; none for G188
  refClientTrxId?: string; // undo
  refNmvsTrxId?: string; // G188
}
export interface NmvsAnswer {
  code: string; // the request's G-code (response root is `${code}Response`)
  clientTrxId: string;
  nmvsTrxId: string; // 32 characters
  timestamp: string; // ISO 8601
  reqType?: string; // G188: the bulk request's G-code
  product?: NmvsProduct;
  packs: NmvsPackAnswer[]; // single: one (or none), bulk ack: none, G188: one per pack
  returnCode: string; // the message's own ReturnCode @code
  returnDesc: string;
  alertId?: string; // message-level alert (single pack)
  /** Header/Auth of the answer (S2 requires it; the real system echoes the caller's ids). Written when given. */
  auth?: { clientLoginId: string; userId: string };
}

export type NmvsVersion = '4.0' | '5.0';
/** UserSoftware in a request's header: who made the client software (S2: all three required). */
export interface NmvsUserSoftware {
  supplier: string;
  name: string;
  version: string;
}
export interface NmvsWireOptions {
  version?: NmvsVersion;
  software?: NmvsUserSoftware;
}

export const NMVS_USER_SOFTWARE: NmvsUserSoftware = { supplier: 'Pharma Scan', name: 'Pharma Scan', version: '3.0.0' };
/** G188: the result of a bulk request, asked for with the NMVSTrxId of its acknowledgement. */
export const NMVS_BULK_RESULT_CODE = 'G188';
/** S2: a bulk request carries 1 to 100,000 packs. */
export const NMVS_MAX_BULK_PACKS = 100_000;
/** The pack reason each decommission sets (0081's table): what a pack it was applied to shows. */
export const NMVS_REASON_OF_OPERATION: Readonly<Record<Exclude<NmvsOperation, 'verify'>, string>> = {
  supply: 'SUPPLIED',
  destroy: 'DESTROYED',
  export: 'EXPORTED',
  sample: 'SAMPLE',
  freeSample: 'FREESAMPLE',
  lock: 'LOCKED',
  stolen: 'STOLEN',
};
/** Pack reasons of S2's catalogue (upper case on the wire); a reason outside it is still read. */
export const NMVS_PACK_REASONS: readonly string[] = [
  'SUPPLIED',
  'DESTROYED',
  'LOCKED',
  'EXPORTED',
  'SAMPLE',
  'STOLEN',
  'CHECKED_OUT',
  'FREESAMPLE',
  'RECALLED',
  'EXPIRED',
  'WITHDRAWN',
  'UNKNOWN',
];

// ---- G-codes (0081's use-case table: G1<operation><kind>) ----

const OPERATION_DIGITS: Record<NmvsOperation, string> = {
  verify: '11',
  supply: '12',
  destroy: '13',
  export: '14',
  sample: '15',
  freeSample: '16',
  lock: '17',
  stolen: '18',
};
const KIND_DIGITS: Record<NmvsKind, string> = { single: '0', undo: '1', bulk: '5', bulkUndo: '7' };
/** Verify changes nothing to undo; destroy and stolen cannot be undone (v4, S1). */
const OPERATIONS_WITHOUT_UNDO: readonly NmvsOperation[] = ['verify', 'destroy', 'stolen'];

const hasUndo = (operation: NmvsOperation) => !OPERATIONS_WITHOUT_UNDO.includes(operation);
const isUndo = (kind: MessageKind) => kind === 'undo' || kind === 'bulkUndo';

/** Every request G-code of the table but G188, with its operation and kind. */
const REQUEST_CODES = new Map<string, { operation: NmvsOperation; kind: NmvsKind }>(
  (Object.keys(OPERATION_DIGITS) as NmvsOperation[]).flatMap((operation) =>
    (Object.keys(KIND_DIGITS) as NmvsKind[])
      .filter((kind) => hasUndo(operation) || !isUndo(kind))
      .map((kind) => [nmvsCode(operation, kind), { operation, kind }] as const),
  ),
);

/** G110…G188 as the wire names them. */
export function nmvsCode(operation: NmvsOperation, kind: NmvsKind): string {
  if (isUndo(kind) && !hasUndo(operation)) throw new NmvsWireError(`there is no ${kind} of ${operation}`, 'code');
  return `G${OPERATION_DIGITS[operation]}${KIND_DIGITS[kind]}`;
}

/** The operation and kind of a request's G-code, or undefined for G188 and codes not in the table. */
export function describeNmvsCode(code: string): { operation: NmvsOperation; kind: NmvsKind } | undefined {
  return REQUEST_CODES.get(code);
}

type MessageKind = NmvsKind | 'bulkResult';

function messageKind(code: string): MessageKind {
  if (code === NMVS_BULK_RESULT_CODE) return 'bulkResult';
  const described = describeNmvsCode(code);
  if (!described) throw new NmvsWireError(`${show(code)} is not a G-code this interface knows`, 'code');
  return described.kind;
}

// ---- Values (S2 NMVS_Base_Types.xsd, NMVS_Catalog_Types.xsd) ----

const TRANSACTION_ID = /^[A-Za-z0-9-]{1,32}$/;
const NMVS_TRANSACTION_ID = /^[A-Za-z0-9-]{32}$/;
/** SN_Type and BATCH_Type: 1-20 of A-Z a-z 0-9 and !"%&'()*+,-./:;<=>?_ */
const PACK_CHARACTERS = /^[!"%&'()*+,\-./:;<=>?_A-Za-z0-9]{1,20}$/;
/** EXP_Type: YYMMDD, day 00 allowed. */
const EXPIRY = /^\d{2}(0[1-9]|1[0-2])(0\d|[12]\d|3[01])$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const RETURN_CODE = /^NMVS_[A-Z0-9_]+$/;
const REASON = /^[A-Z][A-Z_]{0,49}$/;
const STATES: readonly string[] = ['ACTIVE', 'INACTIVE', 'UNKNOWN'] satisfies NmvsPackState[];
/** Characters a normalizedString may not hold (NOT_XML: those XML cannot carry at all). */
const NOT_NORMALIZED = /[\t\n\r]/;

/** `value` is echoed in the message unless it is a secret (a password must not reach a log). */
function check(valid: boolean, field: string, rule: string, value: unknown, secret = false): void {
  if (!valid) throw new NmvsWireError(`must be ${rule}${secret ? '' : ` (got ${show(value)})`}`, field);
}

function checkPattern(value: unknown, pattern: RegExp, field: string, rule: string): void {
  check(typeof value === 'string' && pattern.test(value), field, rule, value);
}

function checkText(value: unknown, field: string, maxLength: number, { normalized = false, secret = false } = {}): void {
  const valid =
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= maxLength &&
    !NOT_XML.test(value) &&
    !(normalized && NOT_NORMALIZED.test(value));
  check(valid, field, `1-${maxLength} characters${normalized ? ' on one line' : ''}`, value, secret);
}

const checkClientTrxId = (value: unknown, field: string) =>
  checkPattern(value, TRANSACTION_ID, field, "1-32 characters of A-Z, a-z, 0-9 and '-'");
const checkNmvsTrxId = (value: unknown, field: string) =>
  checkPattern(value, NMVS_TRANSACTION_ID, field, "32 characters of A-Z, a-z, 0-9 and '-'");
const checkPackValue = (value: unknown, field: string) =>
  checkPattern(value, PACK_CHARACTERS, field, `1-20 characters of A-Z, a-z, 0-9 and !"%&'()*+,-./:;<=>?_`);

function checkProduct(product: NmvsProduct | undefined, field: string): void {
  check(typeof product === 'object' && product !== null, field, 'a product', product);
  const { gtin, batch, expiry } = product as NmvsProduct;
  check(
    typeof gtin === 'string' && /^\d{14}$/.test(gtin) && hasValidCheckDigit(gtin),
    `${field}.gtin`,
    '14 digits with a correct GS1 check digit',
    gtin,
  );
  checkPackValue(batch, `${field}.batch`);
  checkPattern(expiry, EXPIRY, `${field}.expiry`, 'YYMMDD (day 00 allowed)');
}

function checkSerials(serials: unknown, kind: MessageKind): void {
  check(Array.isArray(serials), 'serials', 'an array', serials);
  const list = serials as unknown[];
  const expected = kind === 'single' || kind === 'undo' ? 'exactly 1' : kind === 'bulkResult' ? 'none' : `1-${NMVS_MAX_BULK_PACKS}`;
  const count = list.length;
  const countValid =
    kind === 'single' || kind === 'undo' ? count === 1 : kind === 'bulkResult' ? count === 0 : count >= 1 && count <= NMVS_MAX_BULK_PACKS;
  if (!countValid) throw new NmvsWireError(`a ${kind} request carries ${expected} serials (got ${count})`, 'serials');
  const seen = new Set<string>();
  list.forEach((serial, index) => {
    checkPackValue(serial, `serials[${index}]`);
    if (seen.has(serial as string))
      throw new NmvsWireError(`${show(serial)} is listed twice; serials of a request are unique`, `serials[${index}]`);
    seen.add(serial as string);
  });
}

function checkAbsent(value: unknown, field: string, reason: string): void {
  if (value !== undefined) throw new NmvsWireError(`not allowed ${reason}`, field);
}

function checkRequest(request: NmvsRequest): MessageKind {
  const kind = messageKind(request.code);
  const { clientLoginId, userId, password }: Partial<NmvsCredentials> = request.credentials ?? {};
  checkText(clientLoginId, 'credentials.clientLoginId', 20);
  checkText(userId, 'credentials.userId', 20);
  checkText(password, 'credentials.password', 60, { secret: true });
  checkClientTrxId(request.clientTrxId, 'clientTrxId');
  if (kind === 'bulkResult') {
    checkAbsent(request.product, 'product', 'in a G188 request');
    checkNmvsTrxId(request.refNmvsTrxId, 'refNmvsTrxId');
  } else {
    checkProduct(request.product, 'product');
    checkAbsent(request.refNmvsTrxId, 'refNmvsTrxId', 'outside a G188 request');
  }
  checkSerials(request.serials, kind);
  if (isUndo(kind)) {
    if (request.refClientTrxId !== undefined) checkClientTrxId(request.refClientTrxId, 'refClientTrxId');
  } else {
    checkAbsent(request.refClientTrxId, 'refClientTrxId', 'outside an undo request');
  }
  return kind;
}

function checkReturnCode(code: unknown, desc: unknown, alertId: unknown, field: string): void {
  checkPattern(code, RETURN_CODE, `${field}returnCode`, 'an NMVS_… return code');
  checkText(desc, `${field}returnDesc`, 255, { normalized: true });
  if (alertId !== undefined) checkText(alertId, `${field}alertId`, 100, { normalized: true });
}

function checkPack(pack: NmvsPackAnswer, field: string): void {
  checkPackValue(pack.serial, `${field}.serial`);
  check(STATES.includes(pack.state), `${field}.state`, STATES.join(', '), pack.state);
  check(Array.isArray(pack.reasons) && pack.reasons.length <= 20, `${field}.reasons`, 'at most 20 reasons', pack.reasons);
  pack.reasons.forEach((reason, index) =>
    checkPattern(reason, REASON, `${field}.reasons[${index}]`, 'an upper-case reason such as SUPPLIED'),
  );
  checkReturnCode(pack.returnCode, pack.returnDesc, pack.alertId, `${field}.`);
}

function checkAnswer(answer: NmvsAnswer): MessageKind {
  const kind = messageKind(answer.code);
  checkClientTrxId(answer.clientTrxId, 'clientTrxId');
  checkNmvsTrxId(answer.nmvsTrxId, 'nmvsTrxId');
  checkPattern(answer.timestamp, TIMESTAMP, 'timestamp', 'an ISO 8601 date and time');
  if (answer.auth !== undefined) {
    checkText(answer.auth.clientLoginId, 'auth.clientLoginId', 20);
    checkText(answer.auth.userId, 'auth.userId', 20);
  }
  if (kind === 'bulkResult') {
    if (answer.reqType !== undefined) {
      const described = describeNmvsCode(answer.reqType);
      check(described?.kind === 'bulk' || described?.kind === 'bulkUndo', 'reqType', 'the G-code of a bulk request', answer.reqType);
    }
  } else {
    checkAbsent(answer.reqType, 'reqType', 'outside a G188 answer');
  }
  if (answer.product !== undefined) checkProduct(answer.product, 'product');
  checkReturnCode(answer.returnCode, answer.returnDesc, answer.alertId, '');
  check(Array.isArray(answer.packs), 'packs', 'an array', answer.packs);
  const { packs } = answer;
  if (kind === 'bulk' || kind === 'bulkUndo') {
    if (packs.length > 0 || answer.product) throw new NmvsWireError('a bulk acknowledgement carries only its ReturnCode', 'packs');
  } else if (kind === 'bulkResult') {
    check(packs.length <= NMVS_MAX_BULK_PACKS, 'packs', `at most ${NMVS_MAX_BULK_PACKS} packs`, packs.length);
    const seen = new Set<string>();
    packs.forEach((pack, index) => {
      checkPack(pack, `packs[${index}]`);
      if (seen.has(pack.serial)) throw new NmvsWireError(`${show(pack.serial)} is listed twice`, `packs[${index}].serial`);
      seen.add(pack.serial);
    });
  } else {
    check(packs.length <= 1, 'packs', 'at most one pack in a single-pack answer', packs.length);
    const [pack] = packs;
    if (pack) {
      checkPack(pack, 'packs[0]');
      // A single-pack answer has one ReturnCode, the message's: the pack's copy must be that one.
      const same = pack.returnCode === answer.returnCode && pack.returnDesc === answer.returnDesc && pack.alertId === answer.alertId;
      check(
        same,
        'packs[0]',
        "the message's returnCode, returnDesc and alertId (a single-pack answer has one ReturnCode)",
        pack.returnCode,
      );
    }
  }
  return kind;
}

// ---- Writing (fast-xml-parser's ordered form: { name: children[], ':@': attributes }) ----

const SOAP_NAMESPACE = 'http://www.w3.org/2003/05/soap-envelope';
const operationNamespace = (version: NmvsVersion) => `urn:wsdltypes.nmvs.eu:v${version}`;
const typesNamespace = (version: NmvsVersion) => `urn:types.nmvs.eu:v${version}`;
/** Language of the answers asked for (S1 always sends eng). */
const LANGUAGE = 'eng';

type XmlNode = Record<string, unknown>;

/** An element of the types namespace (prefix urn1, as in S1). */
function element(name: string, children: XmlNode[] = [], attributes?: Record<string, string>): XmlNode {
  const node: XmlNode = { [`urn1:${name}`]: children };
  if (attributes) node[':@'] = Object.fromEntries(Object.entries(attributes).map(([key, value]) => [`@_urn1:${key}`, value]));
  return node;
}

const textElement = (name: string, value: string): XmlNode => element(name, [{ '#text': value }]);

const xmlBuilder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  suppressEmptyNode: true,
  // Left on, an attribute whose value is the text "true" would be written without a value.
  suppressBooleanAttributes: false,
});

function envelope(version: NmvsVersion, operation: XmlNode): string {
  const namespaces = {
    '@_xmlns:soap': SOAP_NAMESPACE,
    '@_xmlns:urn': operationNamespace(version),
    '@_xmlns:urn1': typesNamespace(version),
  };
  return xmlBuilder.build([{ 'soap:Envelope': [{ 'soap:Header': [] }, { 'soap:Body': [operation] }], ':@': namespaces }]);
}

function productElement(product: NmvsProduct): XmlNode {
  return element('Product', [
    element('ProductCode', [{ '#text': product.gtin }], { scheme: 'GTIN' }),
    element('Batch', [textElement('Id', product.batch), textElement('ExpDate', product.expiry)]),
  ]);
}

function returnCodeElements(code: string, desc: string, alertId: string | undefined): XmlNode[] {
  const nodes = [element('ReturnCode', [], { code, desc })];
  // AlertId is ours (0081): no public schema shows the element that carries the alert id.
  if (alertId !== undefined) nodes.push(textElement('AlertId', alertId));
  return nodes;
}

function packAnswerElement(pack: NmvsPackAnswer, withReturnCode: boolean): XmlNode {
  const children = pack.reasons.map((reason) => textElement('Reason', reason));
  if (withReturnCode) children.push(...returnCodeElements(pack.returnCode, pack.returnDesc, pack.alertId));
  return element('Pack', children, { sn: pack.serial, state: pack.state });
}

export function buildNmvsRequest(request: NmvsRequest, options: NmvsWireOptions = {}): string {
  const kind = checkRequest(request);
  const software = options.software ?? NMVS_USER_SOFTWARE;
  checkText(software.supplier, 'software.supplier', 255, { normalized: true });
  checkText(software.name, 'software.name', 255, { normalized: true });
  checkText(software.version, 'software.version', 10, { normalized: true });
  const { clientLoginId, userId, password } = request.credentials;
  const header = element('Header', [
    element('Auth', [textElement('ClientLoginId', clientLoginId), textElement('UserId', userId), textElement('Password', password)]),
    element('UserSoftware', [], { supplier: software.supplier, name: software.name, version: software.version }),
    element('Transaction', [textElement('ClientTrxId', request.clientTrxId), textElement('Language', LANGUAGE)]),
  ]);
  const body: XmlNode[] = [];
  if (kind === 'bulkResult') {
    body.push(textElement('RefNMVSTrxId', request.refNmvsTrxId as string));
  } else {
    body.push(productElement(request.product as NmvsProduct));
    const packs = request.serials.map((serial) => element('Pack', [], { sn: serial }));
    body.push(...(kind === 'single' || kind === 'undo' ? packs : [element('Packs', packs)]));
    if (request.refClientTrxId !== undefined) body.push(textElement('RefClientTrxId', request.refClientTrxId));
  }
  return envelope(options.version ?? '5.0', { [`urn:${request.code}Request`]: [header, element('Body', body)] });
}

export function buildNmvsAnswer(answer: NmvsAnswer, options: { version?: NmvsVersion } = {}): string {
  const kind = checkAnswer(answer);
  const header: XmlNode[] = [];
  if (answer.auth)
    header.push(element('Auth', [textElement('ClientLoginId', answer.auth.clientLoginId), textElement('UserId', answer.auth.userId)]));
  const transaction = [
    // S2 puts Language first in an answer's Transaction (after ClientTrxId in a request's).
    textElement('Language', LANGUAGE),
    textElement('ClientTrxId', answer.clientTrxId),
    textElement('NMVSTrxId', answer.nmvsTrxId),
    textElement('Timestamp', answer.timestamp),
  ];
  if (answer.reqType !== undefined) transaction.push(textElement('ReqType', answer.reqType));
  header.push(element('Transaction', transaction));
  const body: XmlNode[] = [];
  if (answer.product) body.push(productElement(answer.product));
  if (kind === 'bulkResult' && answer.packs.length > 0)
    body.push(
      element(
        'Packs',
        answer.packs.map((pack) => packAnswerElement(pack, true)),
      ),
    );
  if (kind === 'single' || kind === 'undo') body.push(...answer.packs.map((pack) => packAnswerElement(pack, false)));
  body.push(...returnCodeElements(answer.returnCode, answer.returnDesc, answer.alertId));
  return envelope(options.version ?? '5.0', { [`urn:${answer.code}Response`]: [element('Header', header), element('Body', body)] });
}

// ---- Reading (the XML itself is read by xml-reader.ts) ----

interface Envelope {
  version: NmvsVersion;
  code: string;
  header: Reader;
  body: Reader;
}

function readEnvelope(xml: string, suffix: 'Request' | 'Response'): Envelope {
  const root = readDocument(xml);
  if (root.namespace !== SOAP_NAMESPACE || root.name !== 'Envelope') {
    throw new NmvsWireError(`the root is {${root.namespace}}${root.name}, not a SOAP 1.2 Envelope`);
  }
  const soapBody = new Reader(root, SOAP_NAMESPACE, 'Envelope').one('Body').node;
  if (soapBody.children.length !== 1) throw new NmvsWireError(`the SOAP Body holds ${soapBody.children.length} elements, not one`);
  const operation = soapBody.children[0] as XmlElement;
  const version = (['4.0', '5.0'] as const).find((candidate) => operation.namespace === operationNamespace(candidate));
  const match = new RegExp(`^(G\\d{3})${suffix}$`).exec(operation.name);
  if (!version || !match) {
    throw new NmvsWireError(`the SOAP Body holds {${operation.namespace}}${operation.name}, not an NMVS v4.0 or v5.0 G-code ${suffix}`);
  }
  const reader = new Reader(operation, typesNamespace(version), operation.name);
  return { version, code: match[1] as string, header: reader.one('Header'), body: reader.one('Body') };
}

function readProduct(product: Reader): NmvsProduct {
  const code = product.one('ProductCode');
  const scheme = code.attribute('scheme');
  if (scheme !== 'GTIN') throw new NmvsWireError(`${code.path}@scheme is ${show(scheme)}; this interface reads GTIN only`);
  const batch = product.one('Batch');
  return { gtin: code.node.text, batch: batch.text('Id'), expiry: batch.text('ExpDate') };
}

/** A pack of an answer; a single-pack answer passes the message's ReturnCode and AlertId, a G188 pack has its own. */
function readPackAnswer(pack: Reader, messageCode?: { returnCode: Reader; alertId: string | undefined }): NmvsPackAnswer {
  const returnCode = messageCode?.returnCode ?? pack.one('ReturnCode');
  const alertId = messageCode ? messageCode.alertId : pack.optionalText('AlertId');
  const answer: NmvsPackAnswer = {
    serial: pack.attribute('sn'),
    state: pack.attribute('state') as NmvsPackState,
    reasons: pack.many('Reason').map((reason) => reason.node.text),
    returnCode: returnCode.attribute('code'),
    returnDesc: returnCode.attribute('desc'),
  };
  if (alertId !== undefined) answer.alertId = alertId;
  return answer;
}

/** Reads a request and the interface version it was written in (the simulator answers in the same one). */
export function parseNmvsRequestMessage(xml: string): { version: NmvsVersion; request: NmvsRequest } {
  const { version, code, header, body } = readEnvelope(xml, 'Request');
  const kind = messageKind(code);
  const auth = header.one('Auth');
  const request: NmvsRequest = {
    code,
    credentials: { clientLoginId: auth.text('ClientLoginId'), userId: auth.text('UserId'), password: auth.text('Password') },
    clientTrxId: header.one('Transaction').text('ClientTrxId'),
    serials: [],
  };
  if (kind === 'bulkResult') {
    request.refNmvsTrxId = body.text('RefNMVSTrxId');
  } else {
    request.product = readProduct(body.one('Product'));
    const packs = kind === 'single' || kind === 'undo' ? [body.one('Pack')] : body.one('Packs').many('Pack');
    request.serials = packs.map((pack) => pack.attribute('sn'));
    const refClientTrxId = body.optionalText('RefClientTrxId');
    if (refClientTrxId !== undefined) request.refClientTrxId = refClientTrxId;
  }
  checkRequest(request);
  return { version, request };
}

export function parseNmvsRequest(xml: string): NmvsRequest {
  return parseNmvsRequestMessage(xml).request;
}

export function parseNmvsAnswer(xml: string): NmvsAnswer {
  const { code, header, body } = readEnvelope(xml, 'Response');
  const kind = messageKind(code);
  const transaction = header.one('Transaction');
  const returnCode = body.one('ReturnCode');
  const answer: NmvsAnswer = {
    code,
    clientTrxId: transaction.text('ClientTrxId'),
    nmvsTrxId: transaction.text('NMVSTrxId'),
    timestamp: transaction.text('Timestamp'),
    packs: [],
    returnCode: returnCode.attribute('code'),
    returnDesc: returnCode.attribute('desc'),
  };
  const alertId = body.optionalText('AlertId');
  if (alertId !== undefined) answer.alertId = alertId;
  const reqType = transaction.optionalText('ReqType');
  if (reqType !== undefined) answer.reqType = reqType;
  const auth = header.optional('Auth');
  if (auth) answer.auth = { clientLoginId: auth.text('ClientLoginId'), userId: auth.text('UserId') };
  const product = body.optional('Product');
  // A real answer may name a product without its batch (an unknown product): NmvsProduct needs all three.
  if (product?.optional('Batch')?.optional('ExpDate')) answer.product = readProduct(product);
  if (kind === 'bulkResult') {
    answer.packs = (body.optional('Packs')?.many('Pack') ?? []).map((pack) => readPackAnswer(pack));
  } else if (kind === 'single' || kind === 'undo') {
    const pack = body.optional('Pack');
    if (pack) answer.packs = [readPackAnswer(pack, { returnCode, alertId })];
  }
  checkAnswer(answer);
  return answer;
}
