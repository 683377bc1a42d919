import { describe, expect, test } from 'vitest';
import {
  buildNmvsAnswer,
  buildNmvsRequest,
  describeNmvsCode,
  NMVS_MAX_BULK_PACKS,
  nmvsCode,
  NmvsWireError,
  parseNmvsAnswer,
  parseNmvsRequest,
  parseNmvsRequestMessage,
  type NmvsAnswer,
  type NmvsKind,
  type NmvsOperation,
  type NmvsRequest,
} from './wire.ts';

const credentials = { clientLoginId: 'WH01', userId: 'RDC1', password: 'Secret-2026!' };
const product = { gtin: '04150123456782', batch: 'B123', expiry: '270531' };
const software = { supplier: 'Pharma Scan', name: 'Pharma Scan', version: '3.0.0' };
const NMVS_TRX_ID = '0123456789ABCDEF0123456789abcdef';

function request(overrides: Partial<NmvsRequest> = {}): NmvsRequest {
  return { code: 'G110', credentials, clientTrxId: '6f1c0d2e9a8b4c7d8e9f0a1b2c3d4e5f', product, serials: ['SN0001'], ...overrides };
}

function answer(overrides: Partial<NmvsAnswer> = {}): NmvsAnswer {
  return {
    code: 'G110',
    clientTrxId: '6f1c0d2e9a8b4c7d8e9f0a1b2c3d4e5f',
    nmvsTrxId: NMVS_TRX_ID,
    timestamp: '2026-03-02T09:15:00.123Z',
    packs: [],
    returnCode: 'NMVS_SUCCESS',
    returnDesc: 'Successfully processed.',
    ...overrides,
  };
}

/** The golden documents are written indented for reading; the wire has no whitespace between tags. */
const compact = (xml: string) => xml.replace(/>\s+</g, '><').trim();

function refusal(action: () => unknown): NmvsWireError {
  try {
    action();
  } catch (error) {
    if (error instanceof NmvsWireError) return error;
    throw error;
  }
  throw new Error('expected an NmvsWireError, nothing was thrown');
}

describe('G-codes (0081 use-case table, S1 request list)', () => {
  test.each<[NmvsOperation, NmvsKind, string]>([
    ['verify', 'single', 'G110'],
    ['verify', 'bulk', 'G115'],
    ['supply', 'undo', 'G121'],
    ['supply', 'bulkUndo', 'G127'],
    ['destroy', 'bulk', 'G135'],
    ['export', 'undo', 'G141'],
    ['freeSample', 'single', 'G160'],
    ['lock', 'bulkUndo', 'G177'],
    ['stolen', 'single', 'G180'],
  ])('%s %s is %s, and reads back', (operation, kind, code) => {
    expect(nmvsCode(operation, kind)).toBe(code);
    expect(describeNmvsCode(code)).toEqual({ operation, kind });
  });

  test.each<[NmvsOperation, NmvsKind]>([
    ['verify', 'undo'],
    ['verify', 'bulkUndo'],
    ['destroy', 'undo'],
    ['destroy', 'bulkUndo'],
    ['stolen', 'undo'],
    ['stolen', 'bulkUndo'],
  ])('%s has no %s', (operation, kind) => {
    expect(() => nmvsCode(operation, kind)).toThrow(NmvsWireError);
  });

  test('G188, the undo of a destroy (G131, v2 only) and unknown codes are not request codes of the table', () => {
    expect(describeNmvsCode('G188')).toBeUndefined();
    expect(describeNmvsCode('G131')).toBeUndefined();
    expect(describeNmvsCode('G999')).toBeUndefined();
  });
});

describe('round trips: build then parse gives the message back', () => {
  test.each<[string, NmvsRequest]>([
    ['single (G110 verify)', request()],
    ['undo (G121 undo supply)', request({ code: 'G121', refClientTrxId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' })],
    ['undo without RefClientTrxId (optional, S1)', request({ code: 'G141' })],
    ['bulk (G135 destroy)', request({ code: 'G135', serials: ['SN0001', 'SN0002', 'SN0003'] })],
    ['bulk undo (G147 undo export)', request({ code: 'G147', serials: ['SN0001', 'SN0002'], refClientTrxId: 'first-export-1' })],
    ['G188 bulk result', { code: 'G188', credentials, clientTrxId: 'poll-1', serials: [], refNmvsTrxId: NMVS_TRX_ID }],
  ])('request: %s', (_name, sent) => {
    expect(parseNmvsRequest(buildNmvsRequest(sent))).toStrictEqual(sent);
    expect(parseNmvsRequest(buildNmvsRequest(sent, { version: '4.0' }))).toStrictEqual(sent);
  });

  test.each<[string, NmvsAnswer]>([
    [
      'single answer with reasons and an alert id',
      answer({
        code: 'G130',
        product,
        packs: [
          {
            serial: 'SN0001',
            state: 'INACTIVE',
            reasons: ['DESTROYED', 'EXPIRED'],
            returnCode: 'NMVS_NC_PCK_22',
            returnDesc: 'Pack is already inactive.',
            alertId: 'NMVS-ALERT-0123456789AB',
          },
        ],
        returnCode: 'NMVS_NC_PCK_22',
        returnDesc: 'Pack is already inactive.',
        alertId: 'NMVS-ALERT-0123456789AB',
        auth: { clientLoginId: 'WH01', userId: 'RDC1' },
      }),
    ],
    [
      'single answer of an unknown product (no Product, no Pack)',
      answer({ returnCode: 'NMVS_NC_PC_01', returnDesc: 'Product Code not recognised.' }),
    ],
    ['bulk acknowledgement', answer({ code: 'G135' })],
    [
      'G188 answer, one ReturnCode per pack',
      answer({
        code: 'G188',
        reqType: 'G135',
        product,
        packs: [
          {
            serial: 'SN0001',
            state: 'INACTIVE',
            reasons: ['DESTROYED'],
            returnCode: 'NMVS_SUCCESS',
            returnDesc: 'Successfully processed.',
          },
          {
            serial: 'SN0002',
            state: 'UNKNOWN',
            reasons: [],
            returnCode: 'NMVS_NC_PC_02',
            returnDesc: 'Pack Serial Number not recognised.',
            alertId: 'NMVS-ALERT-00000000000F',
          },
        ],
      }),
    ],
    [
      'G188 answer while the job runs',
      answer({ code: 'G188', returnCode: 'NMVS_FE_TX_02', returnDesc: 'The entered bulk transaction id is not available.' }),
    ],
  ])('answer: %s', (_name, sent) => {
    expect(parseNmvsAnswer(buildNmvsAnswer(sent))).toStrictEqual(sent);
    expect(parseNmvsAnswer(buildNmvsAnswer(sent, { version: '4.0' }))).toStrictEqual(sent);
  });

  test('the version a request was written in is read back for the answer', () => {
    expect(parseNmvsRequestMessage(buildNmvsRequest(request(), { version: '4.0' })).version).toBe('4.0');
    expect(parseNmvsRequestMessage(buildNmvsRequest(request())).version).toBe('5.0');
  });

  test(`a bulk of ${NMVS_MAX_BULK_PACKS} packs (the most S2 allows) goes through, one more is refused`, () => {
    const serials = Array.from({ length: NMVS_MAX_BULK_PACKS }, (_, index) => `SN${String(index).padStart(8, '0')}`);
    const sent = request({ code: 'G135', serials });
    expect(parseNmvsRequest(buildNmvsRequest(sent)).serials).toEqual(serials);
    expect(refusal(() => buildNmvsRequest(request({ code: 'G135', serials: [...serials, 'ONE-MORE'] }))).field).toBe('serials');
  });
});

describe('golden documents: what we send, element for element', () => {
  // S1 tests/Requests/__snapshots__/G110VerifySinglePackRequestTest__testXml__1.txt and 0081's example;
  // v5.0 namespaces by default (S5).
  test('G110 single pack (S1 snapshot, S2 RequestData_Type)', () => {
    expect(buildNmvsRequest(request())).toBe(
      compact(`
      <soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns:urn="urn:wsdltypes.nmvs.eu:v5.0" xmlns:urn1="urn:types.nmvs.eu:v5.0">
        <soap:Header/>
        <soap:Body>
          <urn:G110Request>
            <urn1:Header>
              <urn1:Auth>
                <urn1:ClientLoginId>WH01</urn1:ClientLoginId>
                <urn1:UserId>RDC1</urn1:UserId>
                <urn1:Password>Secret-2026!</urn1:Password>
              </urn1:Auth>
              <urn1:UserSoftware urn1:supplier="Pharma Scan" urn1:name="Pharma Scan" urn1:version="3.0.0"/>
              <urn1:Transaction>
                <urn1:ClientTrxId>6f1c0d2e9a8b4c7d8e9f0a1b2c3d4e5f</urn1:ClientTrxId>
                <urn1:Language>eng</urn1:Language>
              </urn1:Transaction>
            </urn1:Header>
            <urn1:Body>
              <urn1:Product>
                <urn1:ProductCode urn1:scheme="GTIN">04150123456782</urn1:ProductCode>
                <urn1:Batch><urn1:Id>B123</urn1:Id><urn1:ExpDate>270531</urn1:ExpDate></urn1:Batch>
              </urn1:Product>
              <urn1:Pack urn1:sn="SN0001"/>
            </urn1:Body>
          </urn:G110Request>
        </soap:Body>
      </soap:Envelope>`),
    );
  });

  // S1 SinglePackUndoRequest (RefClientTrxId after Pack), S2 I3_UndoSinglePack.xsd; v4.0 on option.
  test('G141 undo single pack, v4.0 (S1 SinglePackUndoRequest, S2 I3)', () => {
    const sent = request({ code: 'G141', clientTrxId: 'undo-1', serials: ['X1'], refClientTrxId: 'export-1' });
    expect(buildNmvsRequest(sent, { version: '4.0', software: { supplier: 'ACME', name: 'WMS', version: '9.1' } })).toBe(
      compact(`
      <soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns:urn="urn:wsdltypes.nmvs.eu:v4.0" xmlns:urn1="urn:types.nmvs.eu:v4.0">
        <soap:Header/>
        <soap:Body>
          <urn:G141Request>
            <urn1:Header>
              <urn1:Auth>
                <urn1:ClientLoginId>WH01</urn1:ClientLoginId>
                <urn1:UserId>RDC1</urn1:UserId>
                <urn1:Password>Secret-2026!</urn1:Password>
              </urn1:Auth>
              <urn1:UserSoftware urn1:supplier="ACME" urn1:name="WMS" urn1:version="9.1"/>
              <urn1:Transaction><urn1:ClientTrxId>undo-1</urn1:ClientTrxId><urn1:Language>eng</urn1:Language></urn1:Transaction>
            </urn1:Header>
            <urn1:Body>
              <urn1:Product>
                <urn1:ProductCode urn1:scheme="GTIN">04150123456782</urn1:ProductCode>
                <urn1:Batch><urn1:Id>B123</urn1:Id><urn1:ExpDate>270531</urn1:ExpDate></urn1:Batch>
              </urn1:Product>
              <urn1:Pack urn1:sn="X1"/>
              <urn1:RefClientTrxId>export-1</urn1:RefClientTrxId>
            </urn1:Body>
          </urn:G141Request>
        </soap:Body>
      </soap:Envelope>`),
    );
  });

  const header = (clientTrxId: string) => `
    <urn1:Header>
      <urn1:Auth>
        <urn1:ClientLoginId>WH01</urn1:ClientLoginId><urn1:UserId>RDC1</urn1:UserId><urn1:Password>Secret-2026!</urn1:Password>
      </urn1:Auth>
      <urn1:UserSoftware urn1:supplier="Pharma Scan" urn1:name="Pharma Scan" urn1:version="3.0.0"/>
      <urn1:Transaction><urn1:ClientTrxId>${clientTrxId}</urn1:ClientTrxId><urn1:Language>eng</urn1:Language></urn1:Transaction>
    </urn1:Header>`;
  const productXml = `
    <urn1:Product>
      <urn1:ProductCode urn1:scheme="GTIN">04150123456782</urn1:ProductCode>
      <urn1:Batch><urn1:Id>B123</urn1:Id><urn1:ExpDate>270531</urn1:ExpDate></urn1:Batch>
    </urn1:Product>`;
  const envelope = (operation: string) =>
    compact(`
    <soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns:urn="urn:wsdltypes.nmvs.eu:v5.0" xmlns:urn1="urn:types.nmvs.eu:v5.0">
      <soap:Header/><soap:Body>${operation}</soap:Body>
    </soap:Envelope>`);

  // S1 tests/Requests/__snapshots__/G115BulkVerifyPacksRequestTest__testXml__1.txt, S2 RequestBulkData_Type.
  test('G135 bulk (S1 G115 snapshot, S2 I4_Bulk)', () => {
    const sent = request({ code: 'G135', clientTrxId: 'bulk-1', serials: ['P1', 'P2'] });
    expect(buildNmvsRequest(sent, { software })).toBe(
      envelope(`
      <urn:G135Request>${header('bulk-1')}
        <urn1:Body>${productXml}
          <urn1:Packs><urn1:Pack urn1:sn="P1"/><urn1:Pack urn1:sn="P2"/></urn1:Packs>
        </urn1:Body>
      </urn:G135Request>`),
    );
  });

  // S1 BulkUndoRequest (RefClientTrxId after Packs), S2 I5_UndoBulk.xsd.
  test('G127 bulk undo (S1 BulkUndoRequest)', () => {
    const sent = request({ code: 'G127', clientTrxId: 'bulk-undo-1', serials: ['P1', 'P2'], refClientTrxId: 'bulk-1' });
    expect(buildNmvsRequest(sent)).toBe(
      envelope(`
      <urn:G127Request>${header('bulk-undo-1')}
        <urn1:Body>${productXml}
          <urn1:Packs><urn1:Pack urn1:sn="P1"/><urn1:Pack urn1:sn="P2"/></urn1:Packs>
          <urn1:RefClientTrxId>bulk-1</urn1:RefClientTrxId>
        </urn1:Body>
      </urn:G127Request>`),
    );
  });

  // S1 G188BulkOperationResultRequest (Body = RefNMVSTrxId), S2 I6_Result.xsd.
  test('G188 bulk result request (S1 G188BulkOperationResultRequest, S2 I6)', () => {
    const sent: NmvsRequest = { code: 'G188', credentials, clientTrxId: 'poll-1', serials: [], refNmvsTrxId: NMVS_TRX_ID };
    expect(buildNmvsRequest(sent)).toBe(
      envelope(`
      <urn:G188Request>${header('poll-1')}
        <urn1:Body><urn1:RefNMVSTrxId>${NMVS_TRX_ID}</urn1:RefNMVSTrxId></urn1:Body>
      </urn:G188Request>`),
    );
  });

  // S2 O1_SinglePack.xsd (HeaderResponse_Type: Auth, Transaction with Language first; Body: Product,
  // Pack@sn@state Reason*, ReturnCode@code@desc); AlertId after ReturnCode is ours (0081 Proposal).
  test('single-pack answer with an alert (S2 O1, 0081 AlertId)', () => {
    const sent = answer({
      code: 'G120',
      clientTrxId: 'supply-1',
      product,
      packs: [
        {
          serial: 'SN0001',
          state: 'INACTIVE',
          reasons: ['SUPPLIED'],
          returnCode: 'NMVS_NC_PCK_22',
          returnDesc: 'Pack is already inactive.',
          alertId: 'NMVS-ALERT-ABCDEF012345',
        },
      ],
      returnCode: 'NMVS_NC_PCK_22',
      returnDesc: 'Pack is already inactive.',
      alertId: 'NMVS-ALERT-ABCDEF012345',
      auth: { clientLoginId: 'WH01', userId: 'RDC1' },
    });
    expect(buildNmvsAnswer(sent)).toBe(
      envelope(`
      <urn:G120Response>
        <urn1:Header>
          <urn1:Auth><urn1:ClientLoginId>WH01</urn1:ClientLoginId><urn1:UserId>RDC1</urn1:UserId></urn1:Auth>
          <urn1:Transaction>
            <urn1:Language>eng</urn1:Language>
            <urn1:ClientTrxId>supply-1</urn1:ClientTrxId>
            <urn1:NMVSTrxId>${NMVS_TRX_ID}</urn1:NMVSTrxId>
            <urn1:Timestamp>2026-03-02T09:15:00.123Z</urn1:Timestamp>
          </urn1:Transaction>
        </urn1:Header>
        <urn1:Body>${productXml}
          <urn1:Pack urn1:sn="SN0001" urn1:state="INACTIVE"><urn1:Reason>SUPPLIED</urn1:Reason></urn1:Pack>
          <urn1:ReturnCode urn1:code="NMVS_NC_PCK_22" urn1:desc="Pack is already inactive."/>
          <urn1:AlertId>NMVS-ALERT-ABCDEF012345</urn1:AlertId>
        </urn1:Body>
      </urn:G120Response>`),
    );
  });

  // S2 O3_ResultBulk.xsd: ReqType after Timestamp; Packs/Pack with its own ReturnCode, then the message's.
  test('G188 answer (S2 O3, ResponsePackItem_Type)', () => {
    const sent = answer({
      code: 'G188',
      clientTrxId: 'poll-1',
      reqType: 'G135',
      product,
      packs: [
        { serial: 'P1', state: 'INACTIVE', reasons: ['DESTROYED'], returnCode: 'NMVS_SUCCESS', returnDesc: 'Successfully processed.' },
      ],
    });
    expect(buildNmvsAnswer(sent)).toBe(
      envelope(`
      <urn:G188Response>
        <urn1:Header>
          <urn1:Transaction>
            <urn1:Language>eng</urn1:Language>
            <urn1:ClientTrxId>poll-1</urn1:ClientTrxId>
            <urn1:NMVSTrxId>${NMVS_TRX_ID}</urn1:NMVSTrxId>
            <urn1:Timestamp>2026-03-02T09:15:00.123Z</urn1:Timestamp>
            <urn1:ReqType>G135</urn1:ReqType>
          </urn1:Transaction>
        </urn1:Header>
        <urn1:Body>${productXml}
          <urn1:Packs>
            <urn1:Pack urn1:sn="P1" urn1:state="INACTIVE">
              <urn1:Reason>DESTROYED</urn1:Reason>
              <urn1:ReturnCode urn1:code="NMVS_SUCCESS" urn1:desc="Successfully processed."/>
            </urn1:Pack>
          </urn1:Packs>
          <urn1:ReturnCode urn1:code="NMVS_SUCCESS" urn1:desc="Successfully processed."/>
        </urn1:Body>
      </urn:G188Response>`),
    );
  });
});

describe('hostile values: the NMVS character set allows "&\'<>, so they are escaped and come back', () => {
  const serial = `A"&'<>B`;
  const batch = `<x/>&amp;`;

  test('in a serial (an attribute) and a batch (an element)', () => {
    const sent = request({ product: { ...product, batch }, serials: [serial] });
    const xml = buildNmvsRequest(sent);
    expect(xml).toContain('urn1:sn="A&quot;&amp;&apos;&lt;&gt;B"');
    expect(xml).toContain('<urn1:Id>&lt;x/&gt;&amp;amp;</urn1:Id>');
    expect(parseNmvsRequest(xml)).toStrictEqual(sent);
  });

  test('in an answer: serial, and a description with quotes', () => {
    const desc = `Undo attempt doesn't match the "Pack" status <&>.`;
    const sent = answer({
      code: 'G171',
      product: { ...product, batch },
      packs: [{ serial, state: 'ACTIVE', reasons: [], returnCode: 'NMVS_NC_PCK_06', returnDesc: desc }],
      returnCode: 'NMVS_NC_PCK_06',
      returnDesc: desc,
    });
    expect(parseNmvsAnswer(buildNmvsAnswer(sent))).toStrictEqual(sent);
  });

  test('in a password (free text, escaped)', () => {
    const sent = request({ credentials: { ...credentials, password: `p<w>"&'` } });
    expect(parseNmvsRequest(buildNmvsRequest(sent))).toStrictEqual(sent);
  });

  test.each([
    ['a space', 'SN 1'],
    ['a character outside the set', 'SN#1'],
    ['a non-ASCII letter', 'SNé1'],
    ['a line feed', 'SN\n1'],
    ['21 characters', 'S'.repeat(21)],
    ['nothing', ''],
  ])('a serial with %s is refused, naming the field', (_name, value) => {
    const error = refusal(() => buildNmvsRequest(request({ serials: [value] })));
    expect(error.field).toBe('serials[0]');
    expect(error.message).toMatch(/^serials\[0\]: must be 1-20 characters of A-Z/);
  });

  test('a batch outside the set is refused', () => {
    expect(refusal(() => buildNmvsRequest(request({ product: { ...product, batch: 'B 1' } }))).field).toBe('product.batch');
  });

  test('a password with a control character is refused (XML 1.0 cannot carry it), without the password in the message', () => {
    const error = refusal(() => buildNmvsRequest(request({ credentials: { ...credentials, password: 'Zebra\u0001Quartz' } })));
    expect(error.field).toBe('credentials.password');
    expect(error.message).not.toMatch(/Zebra|Quartz/);
  });
});

describe('values checked on build', () => {
  test.each<[string, Partial<NmvsRequest>, string]>([
    ['a ClientTrxId of 33 characters', { clientTrxId: 'a'.repeat(33) }, 'clientTrxId'],
    ['a ClientTrxId with an underscore', { clientTrxId: 'trx_1' }, 'clientTrxId'],
    ['an empty ClientTrxId', { clientTrxId: '' }, 'clientTrxId'],
    ['a GTIN with a wrong check digit', { product: { ...product, gtin: '04150123456783' } }, 'product.gtin'],
    ['a GTIN of 13 digits', { product: { ...product, gtin: '4150123456782' } }, 'product.gtin'],
    ['an expiry of month 13', { product: { ...product, expiry: '271301' } }, 'product.expiry'],
    ['an expiry of day 32', { product: { ...product, expiry: '270132' } }, 'product.expiry'],
    ['an expiry as an ISO date', { product: { ...product, expiry: '2027-05-31' } }, 'product.expiry'],
    ['a single request of two serials', { serials: ['A', 'B'] }, 'serials'],
    ['a single request without product', { product: undefined }, 'product'],
    ['a RefClientTrxId outside an undo', { refClientTrxId: 'x' }, 'refClientTrxId'],
    ['a bad RefClientTrxId in an undo', { code: 'G121', refClientTrxId: 'not valid!' }, 'refClientTrxId'],
    ['a bulk with a serial twice', { code: 'G125', serials: ['A', 'B', 'A'] }, 'serials[2]'],
    ['a bulk of no serials', { code: 'G125', serials: [] }, 'serials'],
    ['a G188 without RefNMVSTrxId', { code: 'G188', product: undefined, serials: [] }, 'refNmvsTrxId'],
    ['a G188 with a short RefNMVSTrxId', { code: 'G188', product: undefined, serials: [], refNmvsTrxId: 'abc' }, 'refNmvsTrxId'],
    ['a G188 with a product', { code: 'G188', serials: [], refNmvsTrxId: NMVS_TRX_ID }, 'product'],
    ['the undo of a destroy (G131)', { code: 'G131' }, 'code'],
    ['an empty user id', { credentials: { ...credentials, userId: '' } }, 'credentials.userId'],
  ])('%s is refused', (_name, overrides, field) => {
    const error = refusal(() => buildNmvsRequest(request(overrides)));
    expect(error.field).toBe(field);
    expect(error.message.startsWith(`${field}: `)).toBe(true);
  });

  test('an expiry with day 00 is accepted (S2 EXP_Type, S6)', () => {
    expect(() => buildNmvsRequest(request({ product: { ...product, expiry: '270500' } }))).not.toThrow();
  });

  test.each<[string, Partial<NmvsAnswer>, string]>([
    ['an NMVSTrxId of 31 characters', { nmvsTrxId: NMVS_TRX_ID.slice(1) }, 'nmvsTrxId'],
    ['a timestamp that is not ISO 8601', { timestamp: '02/03/2026 09:15' }, 'timestamp'],
    ['a return code that is not NMVS_…', { returnCode: 'OK' }, 'returnCode'],
    [
      'a bulk acknowledgement with packs',
      { code: 'G125', packs: [{ serial: 'A', state: 'ACTIVE', reasons: [], returnCode: 'NMVS_SUCCESS', returnDesc: 'x' }] },
      'packs',
    ],
    ['a ReqType outside G188', { reqType: 'G135' }, 'reqType'],
    ['a ReqType that is not a bulk code', { code: 'G188', reqType: 'G110' }, 'reqType'],
    [
      "a single pack whose return code differs from the message's",
      { packs: [{ serial: 'A', state: 'ACTIVE', reasons: [], returnCode: 'NMVS_NC_PC_02', returnDesc: 'x' }] },
      'packs[0]',
    ],
    [
      'a pack state in lower case',
      {
        packs: [
          { serial: 'A', state: 'active' as 'ACTIVE', reasons: [], returnCode: 'NMVS_SUCCESS', returnDesc: 'Successfully processed.' },
        ],
      },
      'packs[0].state',
    ],
  ])('an answer with %s is refused', (_name, overrides, field) => {
    expect(refusal(() => buildNmvsAnswer(answer(overrides))).field).toBe(field);
  });
});

describe('parse refusals (the simulator answers NMVS_TE_XM_01 to these)', () => {
  const valid = buildNmvsRequest(request());

  test.each([
    ['not XML', 'this is not XML', /not well-formed XML/],
    ['an unclosed element', valid.replace('</soap:Envelope>', ''), /not well-formed XML/],
    ['an empty message', '', /not well-formed XML: Start tag expected/],
    ['two envelopes', `${valid}${valid}`, /not well-formed XML: Multiple possible root nodes/],
    ['two root elements the validator lets through', '<a>x</a><b/>', /a message has one root element \(found 2\)/],
    [
      'a SOAP 1.1 envelope',
      valid.replace('http://www.w3.org/2003/05/soap-envelope', 'http://schemas.xmlsoap.org/soap/envelope/'),
      /not a SOAP 1\.2 Envelope/,
    ],
    ['a root that is not an Envelope', '<urn1:Pack xmlns:urn1="urn:types.nmvs.eu:v5.0" urn1:sn="A"/>', /not a SOAP 1\.2 Envelope/],
    [
      'an interface version other than 4.0 and 5.0',
      valid.replaceAll('nmvs.eu:v5.0', 'nmvs.eu:v3.0'),
      /not an NMVS v4\.0 or v5\.0 G-code Request/,
    ],
    ['an answer where a request is expected', buildNmvsAnswer(answer()), /not an NMVS v4\.0 or v5\.0 G-code Request/],
    ['a G-code not in the table', valid.replaceAll('G110Request', 'G131Request'), /code: "G131" is not a G-code this interface knows/],
    [
      'a missing ClientTrxId',
      valid.replace(/<urn1:ClientTrxId>[^<]*<\/urn1:ClientTrxId>/, ''),
      /G110Request\/Header\/Transaction\/ClientTrxId is missing/,
    ],
    ['an empty ClientTrxId', valid.replace(/<urn1:ClientTrxId>[^<]*</, '<urn1:ClientTrxId><'), /^clientTrxId: must be 1-32/],
    ['a missing Pack', valid.replace('<urn1:Pack urn1:sn="SN0001"/>', ''), /G110Request\/Body\/Pack is missing/],
    ['a Pack without sn', valid.replace(' urn1:sn="SN0001"', ''), /G110Request\/Body\/Pack@sn is missing/],
    ['a ProductCode in the PPN scheme', valid.replace('urn1:scheme="GTIN"', 'urn1:scheme="PPN"'), /reads GTIN only/],
    ['a wrong check digit', valid.replace('04150123456782', '04150123456789'), /^product\.gtin: must be 14 digits/],
    ['an undeclared prefix', valid.replace('<urn1:Pack ', '<nope:Pack '), /prefix of "nope:Pack" is not declared/],
    ["an entity other than XML's five", valid.replace('SN0001', 'SN&nbsp;1'), /not one of XML's five entities/],
    ['a DOCTYPE', `<!DOCTYPE x [<!ENTITY e "SN0002">]>${valid.replace('SN0001', '&e;')}`, /DOCTYPE is not allowed/],
  ])('%s', (_name, xml, message) => {
    expect(() => parseNmvsRequest(xml)).toThrow(NmvsWireError);
    expect(() => parseNmvsRequest(xml)).toThrow(message);
  });

  test('an answer without ReturnCode', () => {
    const xml = buildNmvsAnswer(answer()).replace(/<urn1:ReturnCode [^>]*\/>/, '');
    expect(() => parseNmvsAnswer(xml)).toThrow('G110Response/Body/ReturnCode is missing');
  });

  test('an answer without NMVSTrxId', () => {
    const xml = buildNmvsAnswer(answer()).replace(/<urn1:NMVSTrxId>[^<]*<\/urn1:NMVSTrxId>/, '');
    expect(() => parseNmvsAnswer(xml)).toThrow('G110Response/Header/Transaction/NMVSTrxId is missing');
  });
});

describe('parse reads what other writers send', () => {
  test('other prefixes, a default namespace, unqualified attributes, an XML declaration, whitespace and character references', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope">
        <env:Body>
          <G110Request xmlns="urn:wsdltypes.nmvs.eu:v4.0">
            <t:Header xmlns:t="urn:types.nmvs.eu:v4.0">
              <t:Auth><t:ClientLoginId>BOND</t:ClientLoginId><t:UserId>007</t:UserId><t:Password>s&#x26;cret</t:Password></t:Auth>
              <t:UserSoftware t:supplier="NGT" t:name="NMVS Integration" t:version="1.0.0"/>
              <t:Transaction><t:ClientTrxId>trxId</t:ClientTrxId><t:Language>eng</t:Language></t:Transaction>
            </t:Header>
            <t:Body xmlns:t="urn:types.nmvs.eu:v4.0">
              <t:Product><t:ProductCode scheme="GTIN">04150123456782</t:ProductCode><t:Batch><t:Id><![CDATA[B<1]]></t:Id><t:ExpDate>200101</t:ExpDate></t:Batch></t:Product>
              <!-- a comment -->
              <t:Pack sn="A&#34;1"/>
            </t:Body>
          </G110Request>
        </env:Body>
      </env:Envelope>`;
    expect(parseNmvsRequestMessage(xml)).toStrictEqual({
      version: '4.0',
      request: {
        code: 'G110',
        credentials: { clientLoginId: 'BOND', userId: '007', password: 's&cret' },
        clientTrxId: 'trxId',
        product: { gtin: '04150123456782', batch: 'B<1', expiry: '200101' },
        serials: ['A"1'],
      },
    });
  });

  test('an answer with elements this interface does not use (Notification, IntermarketFlag, ExpDateNMVS) and a product without batch', () => {
    const xml = compact(`
      <S:Envelope xmlns:S="http://www.w3.org/2003/05/soap-envelope"><S:Body>
        <ns2:G110Response xmlns:ns2="urn:wsdltypes.nmvs.eu:v5.0" xmlns:ns1="urn:types.nmvs.eu:v5.0">
          <ns1:Header>
            <ns1:Auth><ns1:ClientLoginId>WH01</ns1:ClientLoginId><ns1:UserId>RDC1</ns1:UserId></ns1:Auth>
            <ns1:Transaction><ns1:Language>eng</ns1:Language><ns1:ClientTrxId>t1</ns1:ClientTrxId><ns1:NMVSTrxId>${NMVS_TRX_ID}</ns1:NMVSTrxId><ns1:Timestamp>2026-03-02T10:15:00+01:00</ns1:Timestamp></ns1:Transaction>
            <ns1:Notification ns1:notificationCode="N1" ns1:notificationDesc="Maintenance on Sunday"/>
          </ns1:Header>
          <ns1:Body>
            <ns1:Product><ns1:ProductCode ns1:scheme="GTIN">04150123456782</ns1:ProductCode><ns1:IntermarketFlag>false</ns1:IntermarketFlag></ns1:Product>
            <ns1:ReturnCode ns1:code="NMVS_NC_PC_01" ns1:desc="Product Code not recognised."/>
          </ns1:Body>
        </ns2:G110Response>
      </S:Body></S:Envelope>`);
    expect(parseNmvsAnswer(xml)).toStrictEqual({
      code: 'G110',
      clientTrxId: 't1',
      nmvsTrxId: NMVS_TRX_ID,
      timestamp: '2026-03-02T10:15:00+01:00',
      auth: { clientLoginId: 'WH01', userId: 'RDC1' },
      packs: [],
      returnCode: 'NMVS_NC_PC_01',
      returnDesc: 'Product Code not recognised.',
    });
  });
});
