import type { ColumnType, Insertable, Selectable } from 'kysely';
import type {
  Application,
  BatchStatus,
  CountReasonCode,
  DocumentStatus,
  DocumentType,
  Feature,
  IdType,
  ItemReason,
  ModuleCode,
  RepackState,
  StockTakeStateCode,
  SystemRight,
  UnitStatus,
  UnitType,
} from '@pharma/domain';
import type {
  VerificationKind,
  VerificationOperation,
  VerificationOutcome,
  VerificationPurpose,
  VerificationRequestState,
  VerificationSystem,
} from '@pharma/domain/contract/verification';

/**
 * Row types of every table. They stop at the repositories: services and routes see domain types.
 * Conventions that keep SQLite and PostgreSQL identical: app-made text ids, ISO-8601 text
 * timestamps, booleans as 0/1 integers, JSON as text.
 */
export interface Database {
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  role_areas: RoleAreasTable;
  role_modules: RoleModulesTable;
  role_features: RoleFeaturesTable;
  role_rights: RoleRightsTable;
  refresh_tokens: RefreshTokensTable;
  audit_log: AuditLogTable;
  audit_chain_head: AuditChainHeadTable;
  warehouses: WarehousesTable;
  materials: MaterialsTable;
  batches: BatchesTable;
  batch_statuses: BatchStatusesTable;
  warehouse_partners: WarehousePartnersTable;
  handling_units: HandlingUnitsTable;
  documents: DocumentsTable;
  document_lines: DocumentLinesTable;
  document_units: DocumentUnitsTable;
  scans: ScansTable;
  scan_items: ScanItemsTable;
  counted_scans: CountedScansTable;
  scan_refusals: ScanRefusalsTable;
  epcis_events: EpcisEventsTable;
  epcis_announcements: EpcisAnnouncementsTable;
  epcis_announced_units: EpcisAnnouncedUnitsTable;
  epcis_jobs: EpcisJobsTable;
  epcis_movements: EpcisMovementsTable;
  redress_cartons: RedressCartonsTable;
  redress_carton_packs: RedressCartonPacksTable;
  counted_packs: CountedPacksTable;
  redress_replacements: RedressReplacementsTable;
  reader_settings: ReaderSettingsTable;
  login_limits: LoginLimitsTable;
  warehouse_printers: WarehousePrintersTable;
  sscc_counters: SsccCountersTable;
  sscc_issued: SsccIssuedTable;
  document_counters: DocumentCountersTable;
  repack_documents: RepackDocumentsTable;
  repack_moves: RepackMovesTable;
  epcis_aggregations: EpcisAggregationsTable;
  epcis_batch_events: EpcisBatchEventsTable;
  epcis_batch_changes: EpcisBatchChangesTable;
  label_prints: LabelPrintsTable;
  stock_takes: StockTakesTable;
  stock_take_snapshot: StockTakeSnapshotTable;
  stock_take_counted: StockTakeCountedTable;
  stock_take_scans: StockTakeScansTable;
  stock_take_recounts: StockTakeRecountsTable;
  stock_take_reasons: StockTakeReasonsTable;
  verification_settings: VerificationSettingsTable;
  verification_requests: VerificationRequestsTable;
}

export interface UsersTable {
  id: string;
  email: string;
  nric: string;
  first_name: string;
  last_name: string;
  user_type: string;
  password_hash: string | null;
  disabled: number;
  created_at: string;
  /** The language chosen for the product's messages ('en', 'zh-Hans', 'ms'); null: none (migration 0040). */
  language: string | null;
}
export type UserRow = Selectable<UsersTable>;

export interface RolesTable {
  id: string;
  name: string;
  description: string;
}

export interface UserRolesTable {
  user_id: string;
  role_id: string;
}

export interface RoleAreasTable {
  role_id: string;
  application: Application;
}

export interface RoleModulesTable {
  role_id: string;
  application: Application;
  module: ModuleCode;
  is_completely_permitted: number;
}

/** One row per granted feature; `actions` is a comma-separated list of the actions granted in it. */
export interface RoleFeaturesTable {
  role_id: string;
  application: Application;
  module: ModuleCode;
  feature: Feature;
  actions: string;
}

export interface RoleRightsTable {
  role_id: string;
  right_name: SystemRight;
}

export interface RefreshTokensTable {
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
}
export type RefreshTokenRow = Selectable<RefreshTokensTable>;

export interface AuditLogTable {
  /** A UUIDv7: ordered by time of writing. */
  id: string;
  at: string;
  actor_id: string | null;
  entity: string;
  entity_id: string;
  action: string;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  /** The row's place in the chain, set once by the sealer (db/audit.ts, decision 0025); null until then. */
  seq: ColumnType<number | null, never, number>;
  /** sha256 of the previous row's hash, seq and this row's fields (its mac included); null until sealed. */
  hash: ColumnType<string | null, never, string>;
  /** HMAC-SHA-256 of the row's content with the server's audit key (db/audit-key.ts, decision 0059); null on rows from before. */
  mac: string | null;
}

export interface AuditChainHeadTable {
  id: number;
  seq: number;
  hash: string;
}

/** Reader settings of spec point 5 (migration 0013, decision 0042); reader '' is the warehouse's own row. */
export interface ReaderSettingsTable {
  warehouse_no: string;
  reader: string;
  prefix: string | null;
  strip00: number;
  bare_sscc: number;
  updated_at: string;
}

export interface WarehousesTable {
  warehouse_no: string;
  name: string;
  area: Application;
  plant: string;
  sales_org: string;
  created_at: string;
  /** GLN-13 of the warehouse: the SGLN of its EPCIS events. */
  gln: string | null;
  /** IANA time zone ('Asia/Singapore'): the UTC offset of its EPCIS events. */
  time_zone: string | null;
  /** GS1 Company Prefix (7 to 10 digits) of the warehouse's new SSCCs (migration 0009). */
  gs1_company_prefix: ColumnType<string | null, string | null | undefined, string | null>;
  /** The SSCC extension digit of the warehouse (migration 0009). */
  sscc_extension_digit: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MaterialsTable {
  material_no: string;
  name: string;
  gtin: string | null;
  batch_type: IdType;
  created_at: string;
  updated_at: string;
}
export type MaterialRow = Selectable<MaterialsTable>;

export interface BatchesTable {
  id: string;
  material_no: string;
  batch_no: string;
  expiry: string | null;
  created_at: string;
}

/** A batch put on hold or recalled (issue 30, decision 0070); a batch without a row is RELEASED. */
export interface BatchStatusesTable {
  material_no: string;
  batch_no: string;
  status: BatchStatus;
  reason: string;
  changed_by: string;
  changed_at: string;
}
export type BatchStatusRow = Selectable<BatchStatusesTable>;

export interface WarehousePartnersTable {
  warehouse_no: string;
  partner_id: string;
  role: string;
  name: string;
}

export interface HandlingUnitsTable {
  id: string;
  type: UnitType;
  sscc: string | null;
  gtin: string | null;
  serial: string | null;
  parent_id: string | null;
  material_no: string | null;
  batch_no: string | null;
  expiry: string | null;
  status: UnitStatus;
  reason: ItemReason | null;
  warehouse_no: string | null;
  created_at: string;
  updated_at: string;
}
export type UnitRow = Selectable<HandlingUnitsTable>;

export interface DocumentsTable {
  id: string;
  type: DocumentType;
  number: string;
  warehouse_no: string;
  status: DocumentStatus;
  doc_date: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  /** Where a transfer sends its stock (migration 0006). */
  destination_warehouse_no: string | null;
  /** The document whose stock this one receives: an IBD's STO (migration 0006). */
  source_document_id: string | null;
  /** A redress PO's BPR No. (migration 0011). */
  bpr_no: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: the ERP marked it an export, decommissioned as exported on completion (migration 0036, issue 28). */
  export: ColumnType<number, number | undefined, number>;
}
export type DocumentRow = Selectable<DocumentsTable>;

export interface DocumentLinesTable {
  document_id: string;
  line_no: number;
  material_no: string;
  batch_no: string | null;
  quantity: number;
  scanned_quantity: number;
  shortage_quantity: number;
}
export type LineRow = Selectable<DocumentLinesTable>;

export interface DocumentUnitsTable {
  document_id: string;
  unit_id: string;
}

/** A scan puts a unit on its document; a reverse takes it off. */
export type ScanKind = 'scan' | 'reverse';

export interface ScansTable {
  id: string;
  document_id: string;
  unit_id: string;
  kind: ScanKind;
  code: string;
  packs: number;
  user_id: string;
  device: string | null;
  at: string;
  request_hash: string;
  response_json: string;
}

/** Every unit of a scanned tree on its document; `counted` (1) marks the packs the lines count. */
export interface ScanItemsTable {
  document_id: string;
  unit_id: string;
  scan_id: string;
  root_id: string;
  counted: number;
  before_status: UnitStatus | null;
  before_reason: ItemReason | null;
  /** The unit's material and batch, which never change: the ledger groups by them without reading the units (migration 0032). */
  material_no: string | null;
  batch_no: string | null;
}

/** A scan of a counted family (ScanLite, migration 0008): one pack of a material and batch on a line, or one taken off. */
export interface CountedScansTable {
  id: string;
  document_id: string;
  kind: ScanKind;
  code: string;
  material_no: string;
  batch_no: string;
  line_no: number;
  user_id: string;
  device: string | null;
  at: string;
  request_hash: string;
  response_json: string;
  /** A removal's scan row: the id of the scan it takes off (migration 0025); null for a scan or a reverse by code. */
  reverses: string | null;
}

/** A scan the rules refused (409 or 422; migration 0030, decision 0077), keyed by its scanId: a resend counts once. */
export interface ScanRefusalsTable {
  id: string;
  user_id: string;
  doc_type: string;
  doc_no: string;
  /** The document's warehouse; null when no document of that type and number exists. */
  warehouse_no: string | null;
  /** The error code answered. */
  code: string;
  at: string;
}

export interface EpcisEventsTable {
  id: string;
  event_type: string;
  action: string | null;
  applied: number;
  body_json: string;
  received_at: string;
}

/** An announcing EPCIS event the intake acted on (migration 0038, decision 0083). */
export interface EpcisAnnouncementsTable {
  id: string;
  /** The eventID, or the hash the intake keeps the event by; null for an event without one taken in parts. */
  event_id: string | null;
  event_type: string;
  biz_step: string | null;
  event_time: string;
  /** The warehouse it addresses its goods to: its destination location or its desadv's IBD's. */
  warehouse_no: string | null;
  received_at: string;
}

/** The announcement of a unit an event named at its top while in no warehouse: the newest that addresses it. */
export interface EpcisAnnouncedUnitsTable {
  unit_id: string;
  announcement_id: string;
}

/** A large EPCIS intake taken in as a job (decisions 0043, 0052; migration 0016). */
export interface EpcisJobsTable {
  id: string;
  status: 'running' | 'done' | 'failed';
  events: number;
  processed: number;
  /** The document's EPCs and those processed so far (migration 0037, decision 0082). */
  epcs: number;
  epcs_processed: number;
  /** Which pass a running job's counts are in. */
  stage: 'validating' | 'applying';
  result_json: string | null;
  error_code: string | null;
  error_message: string | null;
  actor_id: string;
  instance_id: string;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}
export type EpcisJobRow = Selectable<EpcisJobsTable>;

/** A completed movement as an EPCIS 2.0 ObjectEvent; `id` is its eventID (the CBV 2.0 event hash ID). */
export interface EpcisMovementsTable {
  id: string;
  document_id: string;
  doc_type: DocumentType;
  doc_no: string;
  /** ISO-8601 UTC with milliseconds: text order is time order. */
  event_time: string;
  body_json: string;
  created_at: string;
}
export type NewEpcisMovementRow = Insertable<EpcisMovementsTable>;

/** Sign-in and registration limits, shared by every app instance (decision 0045). */
export interface LoginLimitsTable {
  key: string;
  failures: number;
  started_at: string;
  last_at: string;
  forget_at: string;
  sliding: number;
}
export type LoginLimitRow = Selectable<LoginLimitsTable>;

/** A network label printer of a warehouse: ZPL over raw TCP (migration 0009). */
export interface WarehousePrintersTable {
  warehouse_no: string;
  name: string;
  host: string;
  port: number;
}

/** The next serial reference of an issuer (extension digit + company prefix); PostgreSQL answers bigint as text. */
export interface SsccCountersTable {
  issuer: string;
  next_serial: ColumnType<number | string, number, number>;
}

export interface SsccIssuedTable {
  sscc: string;
  warehouse_no: string;
  issued_by: string;
  issued_at: string;
}

/** The next number of each kind of document the server issues ('RP': repacks), migration 0015. */
export interface DocumentCountersTable {
  name: string;
  next_value: number;
}

/** A repack (decision 0048): its destination pallet or carton, REPACK_PENDING until completed (migration 0015). */
export interface RepackDocumentsTable {
  repack_no: string;
  warehouse_no: string;
  destination_id: string;
  state: RepackState;
  reference_no: string | null;
  created_by: string;
  created_at: string;
  completed_by: string | null;
  completed_at: string | null;
}
export type RepackDocumentRow = Selectable<RepackDocumentsTable>;

/** One move recorded on a repack: the unit, its parent before and after; the answer of a repeated scanId. */
export interface RepackMovesTable {
  repack_no: string;
  scan_id: string;
  /** 1, 2, … in the order the moves were made on the repack. */
  seq: number;
  unit_id: string;
  from_id: string | null;
  to_id: string | null;
  user_id: string;
  at: string;
  response_json: string | null;
}
export type RepackMoveRow = Selectable<RepackMovesTable>;

/** An EPCIS 2.0 AggregationEvent: of a completed repack, or of a remapHU move outside any repack. */
export interface EpcisAggregationsTable {
  id: string;
  repack_no: string | null;
  warehouse_no: string;
  event_time: string;
  body_json: string;
  created_at: string;
}

/** A batch's status change as an EPCIS ObjectEvent, one per warehouse holding its units (migration 0027, decision 0073). */
export interface EpcisBatchEventsTable {
  id: string;
  material_no: string;
  batch_no: string;
  status: BatchStatus;
  warehouse_no: string;
  /** ISO-8601 UTC with milliseconds: text order is time order. */
  event_time: string;
  /** The event's JSON text (UTF-8), gzipped (migration 0028, decision 0076). */
  body_gzip: Uint8Array;
  created_at: string;
}
export type NewEpcisBatchEventRow = Insertable<EpcisBatchEventsTable>;

/** A change of a batch's status whose EPCIS events are owed (migration 0027): built after its commit, `built_at` set once kept. */
export interface EpcisBatchChangesTable {
  id: string;
  material_no: string;
  batch_no: string;
  status: BatchStatus;
  /** The change's `changed_at`: its events' time. */
  changed_at: string;
  built_at: string | null;
}
export type EpcisBatchChangeRow = Selectable<EpcisBatchChangesTable>;

/** One label printed: `copy` (1) marks a reprint. */
export interface LabelPrintsTable {
  id: string;
  sscc: string;
  format: string;
  printer: string | null;
  copy: number;
  user_id: string;
  at: string;
}

/** A carton label scanned on a redress PO (migration 0011, decision 0036). */
export interface RedressCartonsTable {
  id: string;
  document_id: string;
  /** The carton's SSCC (AI 00 of the label). */
  carton_code: string;
  material_no: string;
  batch_no: string;
  qty: number;
  bpr_no: string;
  /** The label as scanned. */
  code: string;
  user_id: string;
  created_at: string;
  /** The carton as a handling unit (migration 0023, decision 0061); null where its SSCC names another unit. */
  unit_id: ColumnType<string | null, string | null | undefined, string | null>;
}
export type RedressCartonRow = Selectable<RedressCartonsTable>;

/** The carton a serialised pack was scanned into on a redress PO. */
export interface RedressCartonPacksTable {
  document_id: string;
  unit_id: string;
  carton_id: string;
}

/** Packs counted without a unit (NON_SERIES), with the answer a repeat of the scan id gets. */
export interface CountedPacksTable {
  id: string;
  document_id: string;
  carton_id: string | null;
  material_no: string;
  batch_no: string | null;
  packs: number;
  user_id: string;
  at: string;
  request_hash: string;
  response_json: string;
}

/** A pack swapped for another on a redress PO. */
export interface RedressReplacementsTable {
  id: string;
  document_id: string;
  carton_id: string;
  from_unit_id: string;
  to_unit_id: string;
  user_id: string;
  at: string;
}

/** A stock take (migration 0033, decision 0079): its document's scope, blind flag, own state and people. */
export interface StockTakesTable {
  document_id: string;
  number: string;
  warehouse_no: string;
  scope_material_no: string | null;
  scope_batch_no: string | null;
  scope_sscc: string | null;
  blind: number;
  state: StockTakeStateCode;
  snapshot_at: string;
  created_by: string;
  completed_by: string | null;
  completed_at: string | null;
  approved_by: string | null;
  approved_at: string | null;
}
export type StockTakeRow = Selectable<StockTakesTable>;

/** A unit of a stock take's snapshot as it was when the count was created; its outcome once approved. */
export interface StockTakeSnapshotTable {
  stock_take_id: string;
  unit_id: string;
  type: UnitType;
  material_no: string | null;
  batch_no: string | null;
  parent_id: string | null;
  status: UnitStatus;
  reason: ItemReason | null;
  warehouse_no: string | null;
  outcome: 'counted' | 'missing' | 'moved' | null;
  moved_doc_type: string | null;
  moved_doc_no: string | null;
}

/** A unit counted on a stock take in a round of its line, with the state the system had for it then. */
export interface StockTakeCountedTable {
  stock_take_id: string;
  unit_id: string;
  round: number;
  scan_id: string;
  counted_parent_id: string | null;
  user_id: string;
  at: string;
  type: UnitType;
  material_no: string | null;
  batch_no: string | null;
  was_warehouse_no: string | null;
  was_status: UnitStatus;
  was_reason: ItemReason | null;
  outcome: 'found' | 'moved' | null;
  moved_doc_type: string | null;
  moved_doc_no: string | null;
}

/** A scan of a stock take, keyed by its scanId: the answer a resend gets. */
export interface StockTakeScansTable {
  id: string;
  stock_take_id: string;
  unit_id: string;
  code: string;
  units: number;
  user_id: string;
  device: string | null;
  at: string;
  request_hash: string;
  response_json: string;
}

/** A recount of a line of a stock take (batch '' when the line has none). */
export interface StockTakeRecountsTable {
  stock_take_id: string;
  material_no: string;
  batch_no: string;
  round: number;
  user_id: string;
  at: string;
}

/** The reason given at completion for a line with a difference (batch '' when the line has none). */
export interface StockTakeReasonsTable {
  stock_take_id: string;
  material_no: string;
  batch_no: string;
  reason: CountReasonCode;
  text: string | null;
}

/** A warehouse's national verification system (migration 0035, issue 28); the secret only sealed (AES-256-GCM). */
export interface VerificationSettingsTable {
  warehouse_no: string;
  system: VerificationSystem;
  url: string;
  /** NMVS ClientLoginId. */
  client_id: string | null;
  /** NMVS UserId. */
  user_name: string | null;
  /** NMVS Password or VRS bearer token, sealed (api/verification/secret-box.ts); null: none. */
  secret_sealed: string | null;
  /** The GLN a VRS request names as its requester (reqGLN). */
  gln: string | null;
  /** The NMVS client certificate and the CAs that issued it, PEM; null: none (migration 0039). */
  client_certificate: string | null;
  /** Its private key, PEM, sealed as the secret is. */
  client_key_sealed: string | null;
  /** The CAs trusted for the system's server certificate, PEM; null: the public CAs. */
  server_ca: string | null;
  updated_by: string;
  updated_at: string;
}
export type VerificationSettingsRow = Selectable<VerificationSettingsTable>;

/** The outbox of requests to the national systems (migration 0035, issue 28). */
export interface VerificationRequestsTable {
  /** A UUIDv7: the VRS corrUUID; without its dashes, the NMVS ClientTrxId. */
  id: string;
  warehouse_no: string;
  system: VerificationSystem;
  operation: VerificationOperation;
  kind: VerificationKind;
  purpose: VerificationPurpose;
  gtin: string;
  batch: string;
  /** YYMMDD as sent (day 00 allowed). */
  expiry: string;
  /** The serials, a JSON array. */
  serials_json: string;
  pack_count: number;
  unit_id: string | null;
  document_id: string | null;
  /** An undo: the request whose decommission it undoes (its ClientTrxId is RefClientTrxId). */
  ref_request_id: string | null;
  requested_by: string;
  requested_at: string;
  state: VerificationRequestState;
  attempts: number;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  /** The NMVSTrxId of a bulk request's acknowledgement: its result is fetched with G188. */
  nmvs_trx_id: string | null;
  /** null while never tried. */
  outcome: VerificationOutcome | null;
  return_code: string | null;
  message: string | null;
  alert_id: string | null;
  /** The answer: the pack's state and reasons, or each pack's (bulk). */
  answer_json: string | null;
  answered_at: string | null;
}
export type VerificationRequestRow = Selectable<VerificationRequestsTable>;
