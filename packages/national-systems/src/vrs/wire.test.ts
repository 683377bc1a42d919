import { decodeCode, withCheckDigit } from '@pharma/domain';
import { describe, expect, it } from 'vitest';
import {
  buildVrsAnswer,
  connectivityUrl,
  parseConnectivityUrl,
  parseVerificationUrl,
  parseVrsAnswer,
  verificationUrl,
  VRS_ADDITIONAL_INFO,
  VRS_FAILURE_REASONS,
  VrsWireError,
  type VrsRequest,
} from './wire.ts';

const GTIN = '09506000134352';
const GLN = withCheckDigit('061414100001');
const UUID = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';
const request: VrsRequest = {
  gtin: GTIN,
  lot: 'LOT1',
  serial: 'SN0001',
  expiry: '271231',
  reqGLN: GLN,
  corrUUID: UUID,
  context: 'dscsaSaleableReturn',
};

function parse(url: string): VrsRequest {
  return parseVerificationUrl(new URL(url));
}

describe('the verification request URL (GS1 Lightweight Messaging; decision 0081 section 2)', () => {
  it('is the GET of the named Digital Link path with exp, linkType, context, reqGLN and corrUUID', () => {
    expect(verificationUrl('https://vrs.example.com/', request)).toBe(
      `https://vrs.example.com/verify/gtin/${GTIN}/lot/LOT1/ser/SN0001` +
        `?exp=271231&linkType=verificationService&context=dscsaSaleableReturn&reqGLN=${GLN}&corrUUID=${UUID}`,
    );
  });

  it('percent-encodes lot and serial with the Digital Link writer, and reads them back', () => {
    const odd = { ...request, lot: 'A/B%C+D', serial: `S?1&2=3"<>'` };
    const url = verificationUrl('http://127.0.0.1:7082', odd);
    expect(url).toContain('/lot/A%2FB%25C%2BD/ser/S%3F1%262%3D3%22%3C%3E%27?');
    expect(parse(url)).toEqual(odd);
  });

  it("writes a URL the domain's Digital Link reader reads to the same pack", () => {
    const url = verificationUrl('https://vrs.example.com/api', { ...request, lot: 'L(1)*', serial: 'S,1;2' });
    expect(decodeCode(url, { today: '2026-11-22' })).toMatchObject({
      ok: true,
      gtin: GTIN,
      batch: 'L(1)*',
      serial: 'S,1;2',
      expiry: '2027-12-31',
    });
  });

  it('keeps a base path prefix', () => {
    const url = verificationUrl('https://router.example.com/vrs/v1', request);
    expect(url.startsWith('https://router.example.com/vrs/v1/verify/gtin/')).toBe(true);
    expect(parse(url)).toEqual(request);
  });

  it.each([
    [{ gtin: '09506000134353' }, 'gtin must be 14 digits with a valid GS1 check digit'],
    [{ gtin: '9506000134352' }, 'gtin must be 14 digits'],
    [{ lot: '' }, 'lot must be 1 to 20 characters'],
    [{ serial: 'X'.repeat(21) }, 'ser must be 1 to 20 characters'],
    [{ serial: 'A B' }, 'ser must be 1 to 20 characters of the GS1 82-character set'],
    [{ serial: 'A#1' }, 'ser must be 1 to 20 characters of the GS1 82-character set'],
    [{ lot: '..' }, 'lot ".." cannot be carried in a URL path'],
    [{ expiry: '271340' }, 'exp must be a date YYMMDD'],
    [{ expiry: '2712' }, 'exp must be a date YYMMDD'],
    [{ reqGLN: '0614141000011' }, 'reqGLN must be a GLN of 13 digits with a valid GS1 check digit'],
    [{ corrUUID: 'not-a-uuid' }, 'corrUUID must be a UUID'],
  ] as const)('refuses to build %j: %s', (change, message) => {
    expect(() => verificationUrl('http://vrs', { ...request, ...change })).toThrow(VrsWireError);
    expect(() => verificationUrl('http://vrs', { ...request, ...change })).toThrow(message);
  });

  it('accepts an expiry with day 00 (the last day of the month, AI 17)', () => {
    expect(parse(verificationUrl('http://vrs', { ...request, expiry: '270200' })).expiry).toBe('270200');
  });
});

describe('reading a verification request (the simulator side)', () => {
  const base = 'http://vrs/verify';
  const query = `linkType=verificationService&context=dscsaSaleableReturn&reqGLN=${GLN}&corrUUID=${UUID}`;

  it('accepts the numeric Digital Link path /01/{gtin}/10/{lot}/21/{serial} with ?17=', () => {
    expect(parse(`${base}/01/${GTIN}/10/LOT1/21/SN0001?17=271231&${query}`)).toEqual(request);
  });

  it('accepts linkType gs1:verificationService, the resolver form', () => {
    expect(parse(`${base}/gtin/${GTIN}/lot/LOT1/ser/SN0001?exp=271231&${query.replace('=verification', '=gs1:verification')}`)).toEqual(
      request,
    );
  });

  it.each([
    [`${base}/gtin/${GTIN}/lot/LOT1?exp=271231&${query}`, 'the path must end in /verify/gtin/{gtin}/lot/{lot}/ser/{serial}'],
    [`http://vrs/check/gtin/${GTIN}/lot/LOT1/ser/SN0001?exp=271231&${query}`, 'the path must end in'],
    [`${base}/gtin/${GTIN}/ser/SN0001/lot/LOT1?exp=271231&${query}`, 'the path has "ser" where lot (or 10) belongs'],
    [`${base}/gtin/${GTIN}/lot/LOT1/ser/SN%E0%A4?exp=271231&${query}`, 'holds a broken percent-encoding'],
    [`${base}/gtin/${GTIN}/lot/LOT1/ser/SN0001?${query}`, 'exp is missing'],
    [`${base}/gtin/${GTIN}/lot/LOT1/ser/SN0001?exp=271231&17=271231&${query}`, 'the expiry is given twice'],
    [`${base}/gtin/${GTIN}/lot/LOT1/ser/SN0001?exp=271231&${query}&reqGLN=${GLN}`, 'reqGLN is given 2 times'],
    [`${base}/gtin/${GTIN}/lot/LOT1/ser/SN0001?exp=271231&${query.replace('verificationService', 'pip')}`, 'linkType must be'],
    [`${base}/gtin/${GTIN}/lot/LOT1/ser/SN0001?exp=271231&${query.replace(/&reqGLN=\d+/, '')}`, 'reqGLN is missing'],
    [`${base}/gtin/${GTIN}/lot/LOT1/ser/SN0001?exp=271231&${query.replace(GLN, '1234567890123')}`, 'reqGLN must be a GLN'],
    [`${base}/gtin/${GTIN}/lot/LOT1/ser/SN0001?exp=271231&${query.replace(UUID, 'abc')}`, 'corrUUID must be a UUID'],
    [`${base}/gtin/${GTIN}/lot/LOT1/ser/SN0001?exp=271231&${query.replace('dscsaSaleableReturn', 'other')}`, 'context must be'],
    [`${base}/gtin/09506000134353/lot/LOT1/ser/SN0001?exp=271231&${query}`, 'gtin must be 14 digits with a valid GS1 check digit'],
  ])('refuses %s', (url, message) => {
    expect(() => parse(url)).toThrow(VrsWireError);
    expect(() => parse(url)).toThrow(message);
  });
});

describe('checkConnectivity', () => {
  it('asks with reqGLN and, when given, the GTIN, and is read back', () => {
    const url = connectivityUrl('http://vrs/', { reqGLN: GLN, gtin: GTIN });
    expect(url).toBe(`http://vrs/checkConnectivity?gtin=${GTIN}&reqGLN=${GLN}`);
    expect(parseConnectivityUrl(new URL(url))).toEqual({ reqGLN: GLN, gtin: GTIN });
    expect(parseConnectivityUrl(new URL(connectivityUrl('http://vrs', { reqGLN: GLN })))).toEqual({ reqGLN: GLN });
  });

  it('refuses a bad GLN or GTIN', () => {
    expect(() => connectivityUrl('http://vrs', { reqGLN: '123' })).toThrow('reqGLN must be a GLN');
    expect(() => parseConnectivityUrl(new URL(`http://vrs/checkConnectivity?reqGLN=${GLN}&gtin=1`))).toThrow('gtin must be 14 digits');
    expect(() => parseConnectivityUrl(new URL('http://vrs/checkConnectivity'))).toThrow('reqGLN is missing');
  });
});

describe('the answer (decision 0081 section 2, V1-V3)', () => {
  const answer = {
    verificationTimestamp: '2026-11-22T10:00:00.000Z',
    responderGLN: GLN,
    corrUUID: UUID,
    data: { verified: false, verificationFailureReason: 'Manufacturer_policy', additionalInfo: 'Recalled' },
  } as const;

  it('is written with the four standard fields and read back the same', () => {
    const text = buildVrsAnswer(answer);
    expect(JSON.parse(text)).toEqual(answer);
    expect(parseVrsAnswer(text)).toEqual(answer);
  });

  it('leaves out a reason and an additionalInfo that are absent', () => {
    expect(JSON.parse(buildVrsAnswer({ ...answer, data: { verified: true } }))).toEqual({ ...answer, data: { verified: true } });
  });

  it('ignores fields the standard does not name, and reads null as absent', () => {
    const text = JSON.stringify({
      ...answer,
      location: 'https://router.example.com',
      description: 'routed',
      data: { verified: true, verificationFailureReason: null, extra: 1 },
    });
    expect(parseVrsAnswer(text)).toEqual({ ...answer, data: { verified: true } });
  });

  it('reads reason and additionalInfo in any case and keeps the standard spelling', () => {
    const text = JSON.stringify({
      ...answer,
      data: { verified: false, verificationFailureReason: 'NOT_FOR_RE-DISTRIBUTION', additionalInfo: 'recalled' },
    });
    expect(parseVrsAnswer(text).data).toEqual({
      verified: false,
      verificationFailureReason: 'Not_for_re-distribution',
      additionalInfo: 'Recalled',
    });
  });

  it.each(VRS_FAILURE_REASONS.flatMap((reason) => VRS_ADDITIONAL_INFO.map((info) => [reason, info] as const)))(
    'round-trips %s with %s',
    (reason, info) => {
      const data = { verified: false, verificationFailureReason: reason, additionalInfo: info };
      expect(parseVrsAnswer(buildVrsAnswer({ ...answer, data })).data).toEqual(data);
    },
  );

  it.each([
    ['not json', 'the answer is not JSON'],
    [JSON.stringify({ ...answer, data: { verified: 'yes' } }), 'data.verified'],
    [
      JSON.stringify({ ...answer, data: { verified: false, verificationFailureReason: 'Because' } }),
      'verificationFailureReason "Because" is none of',
    ],
    [JSON.stringify({ responderGLN: GLN, corrUUID: UUID, data: { verified: true } }), 'verificationTimestamp'],
  ])('refuses %s', (text, message) => {
    expect(() => parseVrsAnswer(text)).toThrow(VrsWireError);
    expect(() => parseVrsAnswer(text)).toThrow(message);
  });
});
