/**
 * The GS1 Application Identifier table: data only.
 *
 * Source: the GS1 Barcode Syntax Dictionary (gs1/gs1-syntax-dictionary, maintained by GS1 AISBL),
 * which restates GS1 General Specifications section 3 (the AI definitions), Figure 7.8.5-2 (the
 * predefined-length AIs that need no FNC1 separator) and section 4.14 (mandatory associations and
 * invalid pairs of AIs) in a machine-readable form. Edition followed: the dictionary's release of
 * 2026-01-27 and the change after it (WR 25-306: the associations of 03), vendored in
 * syntax-dictionary/ and compared row by row by syntax-dictionary.test.ts (decision 0078; 0044 before).
 * See packages/domain/README.md ("AI table edition").
 *
 * One row per AI or AI range: [ais, flags, specification, attributes], the GS1 data title in a
 * comment (titles are not needed to decode and would add to the web bundle).
 * - ais: one AI ('01') or an inclusive range ('3100-3105').
 * - flags: '*' = predefined length, no separator needed after it; '?' = allowed as a Digital Link
 *   data attribute (in the query string).
 * - specification: whitespace-separated components, each `Type[,linter...]`; Type is N (digits),
 *   X (GS1 character set 82), Y (character set 39) or Z (character set 64, base64url) followed by a
 *   length: `N6` exactly 6, `X..20` 1 to 20. A component in [brackets] is optional. The linters
 *   are the dictionary's, every one of them applied (ai-index.ts lists them; decision 0044).
 * - attributes: `req=01,02+21` one of the listed AIs (or all of a `+` group) must be present, each
 *   `req=` separately; `ex=02,310n` none of these may be present (`n` = any digit; an AI never
 *   excludes itself); `dlpkey[=22,10,21|235]` a Digital Link primary key with its ordered, optional
 *   qualifiers (`|` separates alternative sequences).
 */
export type AiRow = readonly [ais: string, flags: string, spec: string, attributes: string];

/**
 * The measure AIs 3100-3695 (GenSpecs 3.6): each family nnn0-nnn5 is predefined-length N6, may not appear
 * with another AI of its family (ex=nnnn) and needs the keys listed: by family, the first three digits.
 */
const MEASURE_FAMILIES: readonly (readonly [req: string, families: string])[] = [
  ['01,02', '310-316 320-329 350-352 356-357 360-361 364-366'],
  ['00,01', '330-336 340-349 353-355 362-363 367-369'],
  ['01', '337'],
];

function measures(): AiRow[] {
  const rows: AiRow[] = [];
  for (const [req, families] of MEASURE_FAMILIES) {
    for (const range of families.split(' ')) {
      const [from = '', to = from] = range.split('-');
      for (let f = Number(from); f <= Number(to); f++) rows.push([`${f}0-${f}5`, '*?', 'N6', `req=${req} ex=${f}n`]);
    }
  }
  return rows.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

export const AI_ROWS: readonly AiRow[] = [
  ['00', '*?', 'N18,csum,gcppos2', 'dlpkey'], // SSCC
  ['01', '*?', 'N14,csum,gcppos2', 'ex=255,37 dlpkey=22,10,21|235'], // GTIN
  ['02', '*?', 'N14,csum,gcppos2', 'ex=01,03 req=37'], // CONTENT
  ['03', '*', 'N14,csum,gcppos2', 'ex=01,02,37,235'], // MTO GTIN
  ['10', '?', 'X..20', 'req=01,02,03,8006,8026'], // BATCH/LOT
  ['11', '*?', 'N6,yymmd0', 'req=01,02,03,8006,8026'], // PROD DATE
  ['12', '*?', 'N6,yymmd0', 'req=8020'], // DUE DATE
  ['13', '*?', 'N6,yymmd0', 'req=01,02,03,8006,8026'], // PACK DATE
  ['15', '*?', 'N6,yymmd0', 'req=01,02,03,8006,8026'], // BEST BEFORE or BEST BY
  ['16', '*?', 'N6,yymmd0', 'req=01,02,03,8006,8026'], // SELL BY
  ['17', '*?', 'N6,yymmd0', 'req=01,02,03,255,8006,8026'], // USE BY or EXPIRY
  ['20', '*?', 'N2', 'req=01,02,03,8006,8026'], // VARIANT
  ['21', '', 'X..20', 'req=01,03,8006 ex=235'], // SERIAL
  ['22', '', 'X..20', 'req=01'], // CPV
  ['235', '', 'X..28', 'req=01'], // TPX
  ['240', '?', 'X..30', 'req=01,02,03,8006,8026'], // ADDITIONAL ID
  ['241', '?', 'X..30', 'req=01,02,03,8006,8026'], // CUST. PART No.
  ['242', '?', 'N..6', 'req=01,02,8006,8026'], // MTO VARIANT
  ['243', '?', 'X..20', 'req=01,03'], // PCN
  ['250', '?', 'X..30', 'req=01+21,03+21,8006+21'], // SECONDARY SERIAL
  ['251', '?', 'X..30', 'req=01,03,8006'], // REF. TO SOURCE
  ['253', '?', 'N13,csum,gcppos1 [X..17]', 'dlpkey'], // GDTI
  ['254', '', 'X..20', 'req=414'], // GLN EXTENSION COMPONENT
  ['255', '?', 'N13,csum,gcppos1 [N..12]', 'dlpkey ex=01,02,415,8006,8020,8026'], // GCN
  ['30', '?', 'N..8', 'req=01,02'], // VAR. COUNT
  ...measures(),
  ['37', '?', 'N..8', 'req=00+02,00+8026'], // COUNT
  ['3900-3909', '?', 'N..15', 'req=255,8020 ex=390n,391n,394n,8111'], // AMOUNT
  ['3910-3919', '?', 'N3,iso4217 N..15', 'req=8020 ex=391n'], // AMOUNT
  ['3920-3929', '?', 'N..15', 'req=01+30,01+31nn,01+32nn,01+35nn,01+36nn ex=392n,393n'], // PRICE
  ['3930-3939', '?', 'N3,iso4217 N..15', 'req=30,31nn,32nn,35nn,36nn ex=393n'], // PRICE
  ['3940-3943', '?', 'N4', 'req=255 ex=394n,8111'], // PRCNT OFF
  ['3950-3955', '?', 'N6', 'req=30,31nn,32nn,35nn,36nn ex=392n,393n,395n,8005'], // PRICE/UoM
  ['400', '?', 'X..30', ''], // ORDER NUMBER
  ['401', '?', 'X..30,gcppos1', 'dlpkey'], // GINC
  ['402', '?', 'N17,csum,gcppos1', 'dlpkey'], // GSIN
  ['403', '?', 'X..30', 'req=00'], // ROUTE
  ['410', '*?', 'N13,csum,gcppos1', ''], // SHIP TO LOC
  ['411', '*?', 'N13,csum,gcppos1', ''], // BILL TO
  ['412', '*?', 'N13,csum,gcppos1', ''], // PURCHASE FROM
  ['413', '*?', 'N13,csum,gcppos1', ''], // SHIP FOR LOC
  ['414', '*?', 'N13,csum,gcppos1', 'dlpkey=254|7040'], // LOC No.
  ['415', '*?', 'N13,csum,gcppos1', 'req=8020 dlpkey=8020'], // PAY TO
  ['416', '*?', 'N13,csum,gcppos1', ''], // PROD/SERV LOC
  ['417', '*?', 'N13,csum,gcppos1', 'dlpkey=7040'], // PARTY
  ['420', '?', 'X..20', 'ex=421'], // SHIP TO POST
  ['421', '?', 'N3,iso3166 X..9', 'ex=4307'], // SHIP TO POST
  ['422', '?', 'N3,iso3166', 'req=01,02,03,8006,8026 ex=426'], // ORIGIN
  ['423', '?', 'N3,iso3166 [N3],iso3166 [N3],iso3166 [N3],iso3166 [N3],iso3166', 'req=01,02,03 ex=426'], // COUNTRY - INITIAL PROCESS
  ['424', '?', 'N3,iso3166', 'req=01,02,03 ex=426'], // COUNTRY - PROCESS
  ['425', '?', 'N3,iso3166 [N3],iso3166 [N3],iso3166 [N3],iso3166 [N3],iso3166', 'req=01,02,03 ex=426'], // COUNTRY - DISASSEMBLY
  ['426', '?', 'N3,iso3166', 'req=01,02,03'], // COUNTRY - FULL PROCESS
  ['427', '?', 'X..3', 'req=01+422,02+422,03+422'], // ORIGIN SUBDIVISION
  ['4300', '?', 'X..35,pcenc', 'req=00'], // SHIP TO COMP
  ['4301', '?', 'X..35,pcenc', 'req=00'], // SHIP TO NAME
  ['4302', '?', 'X..70,pcenc', 'req=00'], // SHIP TO ADD1
  ['4303', '?', 'X..70,pcenc', 'req=4302'], // SHIP TO ADD2
  ['4304', '?', 'X..70,pcenc', 'req=00'], // SHIP TO SUB
  ['4305', '?', 'X..70,pcenc', 'req=00'], // SHIP TO LOC
  ['4306', '?', 'X..70,pcenc', 'req=00'], // SHIP TO REG
  ['4307', '?', 'X2,iso3166alpha2', 'req=00'], // SHIP TO COUNTRY
  ['4308', '?', 'X..30', 'req=00'], // SHIP TO PHONE
  ['4309', '?', 'N10,latitude N10,longitude', 'req=00'], // SHIP TO GEO
  ['4310', '?', 'X..35,pcenc', 'req=00'], // RTN TO COMP
  ['4311', '?', 'X..35,pcenc', 'req=00'], // RTN TO NAME
  ['4312', '?', 'X..70,pcenc', 'req=00'], // RTN TO ADD1
  ['4313', '?', 'X..70,pcenc', 'req=4312'], // RTN TO ADD2
  ['4314', '?', 'X..70,pcenc', 'req=00'], // RTN TO SUB
  ['4315', '?', 'X..70,pcenc', 'req=00'], // RTN TO LOC
  ['4316', '?', 'X..70,pcenc', 'req=00'], // RTN TO REG
  ['4317', '?', 'X2,iso3166alpha2', 'req=00'], // RTN TO COUNTRY
  ['4318', '?', 'X..20', 'req=00'], // RTN TO POST
  ['4319', '?', 'X..30', 'req=00'], // RTN TO PHONE
  ['4320', '?', 'X..35,pcenc', 'req=00'], // SRV DESCRIPTION
  ['4321', '?', 'N1,yesno', 'req=00'], // DANGEROUS GOODS
  ['4322', '?', 'N1,yesno', 'req=00'], // AUTH TO LEAVE
  ['4323', '?', 'N1,yesno', 'req=00'], // SIG REQUIRED
  ['4324', '?', 'N6,yymmd0 N4,hhmi', 'req=00'], // NOT BEF DEL DT
  ['4325', '?', 'N6,yymmd0 N4,hhmi', 'req=00'], // NOT AFT DEL DT
  ['4326', '?', 'N6,yymmdd', 'req=00'], // REL DATE
  ['4330', '?', 'N6 [X1],hyphen', 'req=00 ex=4331'], // MAX TEMP F.
  ['4331', '?', 'N6 [X1],hyphen', 'req=00 ex=4330'], // MAX TEMP C.
  ['4332', '?', 'N6 [X1],hyphen', 'req=00 ex=4333'], // MIN TEMP F.
  ['4333', '?', 'N6 [X1],hyphen', 'req=00 ex=4332'], // MIN TEMP C.
  ['7001', '?', 'N13', 'req=01,02,8006,8026'], // NSN
  ['7002', '?', 'X..30', 'req=01,02'], // MEAT CUT
  ['7003', '?', 'N6,yymmdd N4,hhmi', 'req=01,02,03'], // EXPIRY TIME
  ['7004', '?', 'N..4', 'req=01+10,03+10'], // ACTIVE POTENCY
  ['7005', '?', 'X..12', 'req=01,02'], // CATCH AREA
  ['7006', '?', 'N6,yymmdd', 'req=01,02'], // FIRST FREEZE DATE
  ['7007', '?', 'N6,yymmdd [N6],yymmdd', 'req=01,02'], // HARVEST DATE
  ['7008', '?', 'X..3', 'req=01,02'], // AQUATIC SPECIES
  ['7009', '?', 'X..10', 'req=01,02'], // FISHING GEAR TYPE
  ['7010', '?', 'X..2', 'req=01,02,03'], // PROD METHOD
  ['7011', '?', 'N6,yymmdd [N4],hhmi', 'req=01,02,03'], // TEST BY DATE
  ['7020', '?', 'X..20', 'req=01+416,03+416,8006+416'], // REFURB LOT
  ['7021', '?', 'X..20', 'req=01,03,8006'], // FUNC STAT
  ['7022', '?', 'X..20', 'req=01+7021,03+7021,8006+7021'], // REV STAT
  ['7023', '?', 'X..30,gcppos1', ''], // GIAI - ASSEMBLY
  ['7030-7039', '?', 'N3,iso3166999 X..27', 'req=01,02'], // PROCESSOR # s
  ['7040', '', 'N1 X1 X1 X1,importeridx', ''], // UIC+EXT
  ['7041', '', 'X..4,packagetype', 'req=00'], // UFRGT UNIT TYPE
  ['710', '?', 'X..20', 'req=01'], // NHRN PZN
  ['711', '?', 'X..20', 'req=01'], // NHRN CIP
  ['712', '?', 'X..20', 'req=01'], // NHRN CN
  ['713', '?', 'X..20', 'req=01'], // NHRN DRN
  ['714', '?', 'X..20', 'req=01'], // NHRN AIM
  ['715', '?', 'X..20', 'req=01'], // NHRN NDC
  ['716', '?', 'X..20', 'req=01'], // NHRN AIC
  ['717', '?', 'X..20', 'req=01'], // NHRN SRN
  ['7230-7239', '?', 'X2 X..28', 'req=01,8004'], // CERT # s
  ['7240', '?', 'X..20', 'req=01,8006 ex=03'], // PROTOCOL
  ['7241', '?', 'N2,mediatype', 'req=8017,8018'], // AIDC MEDIA TYPE
  ['7242', '?', 'X..25', 'req=8017,8018'], // VCN
  ['7250', '?', 'N8,yyyymmdd', 'req=8018 ex=7251'], // DOB
  ['7251', '?', 'N8,yyyymmdd N4,hhmi', 'req=8018 ex=7250'], // DOB TIME
  ['7252', '?', 'N1,iso5218', 'req=8018'], // BIO SEX
  ['7253', '?', 'X..40,pcenc', 'req=8017,8018 ex=7256,7259'], // FAMILY NAME
  ['7254', '?', 'X..40,pcenc', 'req=8017,8018 ex=7256,7259'], // GIVEN NAME
  ['7255', '?', 'X..10', 'req=8017,8018 ex=7256,7259'], // SUFFIX
  ['7256', '?', 'X..90,pcenc', 'req=8017,8018'], // FULL NAME
  ['7257', '?', 'X..70,pcenc', 'req=8018'], // PERSON ADDR
  ['7258', '?', 'X3,posinseqslash', 'req=8018+7259'], // BIRTH SEQUENCE
  ['7259', '?', 'X..40,pcenc', 'req=8018 ex=7256'], // BABY
  ['8001', '?', 'N4,nonzero N5,nonzero N3,nonzero N1,winding N1', 'req=01'], // DIMENSIONS
  ['8002', '?', 'X..20', ''], // CMT No.
  ['8003', '?', 'N1,zero N13,csum,gcppos1 [X..16]', 'dlpkey'], // GRAI
  ['8004', '?', 'X..30,gcppos1', 'dlpkey=7040'], // GIAI
  ['8005', '?', 'N6', 'req=01,02'], // PRICE PER UNIT
  ['8006', '?', 'N14,csum,gcppos2 N4,pieceoftotal', 'ex=01,03,37 dlpkey=22,10,21'], // ITIP
  ['8007', '?', 'X..34,iban', 'req=415'], // IBAN
  ['8008', '?', 'N6,yymmdd N2,hh [N2],mi [N2],ss', 'req=01,02,03'], // PROD TIME
  ['8009', '?', 'X..50', 'req=00,01,03'], // OPTSEN
  ['8010', '?', 'Y..30,gcppos1', 'dlpkey=8011'], // CPID
  ['8011', '', 'N..12,nozeroprefix', 'req=8010'], // CPID SERIAL
  ['8012', '?', 'X..20', 'req=01,03,8006'], // VERSION
  ['8013', '?', 'X..25,csumalpha,gcppos1', 'dlpkey'], // GMN
  ['8014', '', 'X..25,csumalpha,gcppos1,hasnondigit', 'req=01'], // MUDI
  ['8017', '?', 'N18,csum,gcppos1', 'ex=8018 dlpkey=8019'], // GSRN - PROVIDER
  ['8018', '?', 'N18,csum,gcppos1', 'ex=8017 dlpkey=8019'], // GSRN - RECIPIENT
  ['8019', '', 'N..10', 'req=8017,8018'], // SRIN
  ['8020', '', 'X..25', 'req=415'], // REF No.
  ['8026', '?', 'N14,csum,gcppos2 N4,pieceoftotal', 'req=37 ex=02,03,8006'], // ITIP CONTENT
  ['8030', '?', 'Z..90', 'req=00,01+21,03+21,253,255,8003,8004,8006+21,8010+8011,8017,8018'], // DIGSIG
  ['8040', '', 'N15', 'req=01+21'], // IMEI
  ['8041', '', 'N15', 'req=01+21+8040'], // IMEI2
  ['8042', '', 'N32', 'req=01+21+8040'], // ESIM
  ['8043', '', 'N18 [N..2]', 'req=01+21+8040'], // PSIM
  ['8110', '?', 'X..70,couponcode', ''], // (the dictionary gives no title: North American coupon)
  ['8111', '?', 'N4', 'req=255'], // POINTS
  ['8112', '?', 'X..70,couponposoffer', ''], // (the dictionary gives no title: positive offer coupon)
  ['8200', '', 'X..70', 'req=01'], // PRODUCT URL
  ['90', '?', 'X..30', ''], // INTERNAL
  ['91-99', '?', 'X..90', ''], // INTERNAL
];

/**
 * Short names ("convenience alphas") of GS1 Digital Link 1.x, usable instead of the numeric AI in the
 * path or the query. Deprecated since Digital Link 1.2 but still found on printed packs.
 */
export const DL_SHORT_NAMES: Readonly<Record<string, string>> = {
  sscc: '00',
  gtin: '01',
  lot: '10',
  exp: '17',
  ser: '21',
  cpv: '22',
  gdti: '253',
  glnx: '254',
  gcn: '255',
  ginc: '401',
  gsin: '402',
  gln: '414',
  payto: '415',
  party: '417',
  grai: '8003',
  giai: '8004',
  itip: '8006',
  cpid: '8010',
  cpsn: '8011',
  gmn: '8013',
  gsrnp: '8017',
  gsrn: '8018',
  srin: '8019',
};
