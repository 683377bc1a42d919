/**
 * Every UI label of the web app: page headers, tiles, menu entries, buttons.
 * Product text (errors, validation, empty states) is not here: it lives in the domain's
 * message catalogue (`message(code)` from @pharma/domain).
 */
import type { Action, DocumentAuditVerb, DocumentStatus, Feature, PlainAuditAction } from '@pharma/domain';
import { formatText } from '../i18n/format.ts';

export const TITLES = {
  home: 'Home',
  chooseArea: 'Pharma Scan',
  login: 'Login',
  register: 'Register',
  admin: 'Admin',
  notFound: 'Page not found',
  error: 'Error',
  // Spec point 2, "Other page headers". A family's own headers (its list and details, its own pages, its
  // number step) are its registry entry's (packages/domain/src/families/registry.ts, decision 0086).
  search: 'Search',
  scanItem: 'Scan Item',
  cartonDetails: 'Carton Details',
  palletDetails: 'Pallet Details',
  repackEditPallet: 'Repack - Edit Pallet',
  // Spec point 2, route purposes and header details
  repackCreatePallet: 'Repack - Create Pallet',
  repackViewPallet: 'Repack - View Pallet',
  repackViewCarton: 'Repack - View Carton',
  scanTypeNo: 'Scan {type} No.',
  scanCode: 'Scan Code',
  scanMaterialNo: 'Scan Material No.',
  scanItemCodes: 'Scan Item Code(s)',
  addMaterialBatch: 'Add Material/Batch',
  materialDetails: 'Material Details',
  settings: 'Settings',
  // Our own names for routes whose header the spec does not quote
  repackScan: 'Repack Scan',
  scanPallet: 'Scan Pallet',
  // The unit scan's title follows the picked unit type; with none picked, the spec's 'Scan Item' (decision 0065).
  scanCarton: 'Scan Carton',
  scanPack: 'Scan Pack',
  packList: 'Pack List',
  packDetails: 'Pack Details',
  cartonList: 'Carton List',
  scanHandlingUnit: 'Scan Handling Unit',
  printLabel: 'Print new label',
  itemDetails: 'Item Details',
  repackOutsideDocs: 'Repack Outside Documents',
  scanFillData: 'Scan Fill Data',
  liteList: '{family} List',
  liteDetail: '{family} Details',
  materialAndBatchScanner: 'Scan Material/Batch',
  // Issue 30 (decision 0074): a batch's status and where its stock is, in each area.
  recall: 'Recall',
  // Issue 32 (decision 0077): the reports (expiry, stock, discrepancies, productivity), in each area.
  reports: 'Reports',
  // Issue 28 (decision 0081): the requests sent to the national verification system (NMVS, VRS), in each area.
  verification: 'Verification',
} as const;

/** Tile and menu labels (spec point 2) of our own entries; a family's is its registry entry's (decision 0086). */
export const NAV_LABELS = {
  home: 'Home',
  repack: 'Repack',
  search: 'Search',
  settings: 'Settings',
  createPallet: 'Create New Pallet SSCC',
  printLabel: 'Print new label',
  admin: 'Admin',
  logout: 'Logout',
  recall: 'Recall',
  reports: 'Reports',
  verification: 'Verification',
} as const;

/** Buttons, fields and screen text that are ours, not the spec's. */
export const UI = {
  appName: 'Pharma Scan',
  back: 'Back',
  menu: 'Menu',
  closeMenu: 'Close',
  email: 'Email',
  password: 'Password',
  login: 'Login',
  rdcArea: 'Regional distribution centre (RDC)',
  ldcArea: 'Local distribution centre (LDC)',
  chooseArea: 'Choose your site to sign in.',
  notAvailable: 'This screen is not available yet.',
  goHome: 'Go to home',
  notFoundText: 'The page you are looking for does not exist.',
  loading: 'Loading…',
  repackTitle: 'Repack',
  repackWithDocument: 'Repack with document',
  repackOutsideDocuments: 'Repack outside documents',
  documentNo: 'Document No.',
  continue: 'Continue',
  cancel: 'Cancel',
  mainNavigation: 'Main navigation',
  account: 'Signed-in account',
  signedInAs: 'Signed in as {name}',
  site: 'Site: {site}',
  homeTiles: 'Modules',
  listType: 'List type',
  // The list types' names on the switch (spec point 2); the stored list type keeps the English one.
  obdList: 'OBD List',
  woList: 'WO List',
  /** The eye button of a password field (Mantine names it in English otherwise). */
  togglePassword: 'Show or hide the password',
  // Single sign-on (decision 0005)
  ssoButton: 'Sign in with your organisation',
  or: 'or',
  requestAccount: 'Request an account',
  // Registration
  registerIntro: 'Request an account. An admin grants you access to a site before you can use it.',
  firstName: 'First name',
  lastName: 'Last name',
  country: 'Country',
  mobile: 'Mobile number',
  dateOfBirth: 'Date of birth',
  confirmPassword: 'Confirm password',
  submitRegistration: 'Request account',
  registeredTitle: 'Account requested',
  registeredText: 'Your account {email} was requested. An admin must grant you access before you can sign in to a site.',
  rdcLogin: 'Regional login',
  ldcLogin: 'Local login',
  alreadyHaveAccount: 'Already have an account?',
  // Admin screen (decision 0006)
  users: 'Users',
  roles: 'Roles',
  createUser: 'Create user',
  createRole: 'Create role',
  editRole: 'Edit role',
  editRoles: 'Edit roles',
  save: 'Save',
  disable: 'Disable',
  enable: 'Enable',
  disabled: 'Disabled',
  nric: 'NRIC/FIN',
  userType: 'User type',
  name: 'Name',
  description: 'Description',
  areas: 'Areas',
  rights: 'Rights',
  modules: 'Modules',
  everything: 'Everything',
  features: 'Features',
  actions: 'Actions',
  noRoles: 'No roles',
  noUsers: 'No users yet.',
  noRolesYet: 'No roles yet.',
  disableTitle: 'Disable {name}?',
  disableText: 'Their sessions end at once and they cannot sign in until enabled again.',
  saved: 'Saved.',
  userCreated: 'User {email} created.',
  roleSaved: 'Role {name} saved.',
  rolesOf: 'Roles of {name}',
  // Admin safety (issue 27, decision 0067)
  adminRoleHint: 'Gives the Admin right: users, roles and passwords.',
  grantAdminTitle: 'Make {name} an administrator?',
  grantAdminText: 'With {roles}, {name} can create users, set passwords, grant any role (this one too) and disable accounts.',
  grantAdmin: 'Make administrator',
  setPassword: 'Set password',
  setPasswordOf: 'New password for {name}',
  setPasswordText: 'Their sessions end at once; they sign in again with the new password.',
  newPassword: 'New password',
  readerStrip00Short: "Remove '00'",
  readerBareSsccShort: 'Bare SSCC',
  // Reader settings of spec point 5, per warehouse and per reader (decisions 0042, 0051)
  readerSettings: 'Reader settings',
  readerWarehouse: 'Warehouse',
  reader: 'Reader',
  readerHint: "The reader's name, as the Settings of its device name it. Empty: the warehouse's own settings, for every reader there.",
  everyReader: 'Every reader (the warehouse)',
  readerPrefix: 'Prefix',
  readerPrefixHint: 'What these readers put before a code: removed in Non-GS1 mode. Empty: none.',
  readerStrip00: "Remove '00' from a 20-character code (Non-GS1 mode)",
  readerBareSscc: 'Accept an 18-digit SSCC typed without (00) (carton and pallet mode)',
  noReaderSettings: 'No reader settings yet: every reader reads codes as they are.',
  editReaderSettings: 'Edit',
  yes: 'Yes',
  no: 'No',
} as const;

/** Names of rights and user types shown on the admin screen. */
export const RIGHT_LABELS = { ADMIN: 'Admin (users and roles)', INTEGRATION: 'Integration (ERP and EPCIS)' } as const;
export const USER_TYPES = ['operator', 'viewer', 'admin', 'none'] as const;

/**
 * The permission tree's features and actions in words, as the role editor and role cards show them
 * (issue 27): the API keeps the codes (spec point 6). The spec's own words where it has them ('Material
 * Details', 'Add Material/Batch', 'Reopen Document'), else the button the grant shows ('Edit status').
 */
export const FEATURE_LABELS = {
  List: 'List',
  DetailsPage: 'Details page',
  MaterialDetails: 'Material Details',
  CreateMaterialBatch: 'Add Material/Batch',
  Search: 'Search',
} as const satisfies Record<Feature, string>;
export const ACTION_LABELS = {
  Filter: 'Filter',
  Scan: 'Scan',
  Complete: 'Complete',
  DeleteScannedItem: 'Delete scanned items',
  EditItemStatus: 'Edit status',
  CreateItem: 'Create items',
  EditBprNo: 'Edit BPR No.',
  ReopenDocument: 'Reopen Document',
  Print: 'Print labels',
  SetHold: 'Put a batch on hold',
  ReleaseHold: 'Release a held batch',
  Recall: 'Recall a batch',
  CreateCount: 'Create a stock take',
  Count: 'Count',
  CompleteCount: 'Complete a stock take',
  ApproveCount: 'Approve a stock take',
  VerifyPack: 'Verify a pack',
} as const satisfies Record<Action, string>;

/**
 * Fills a label's ICU arguments: `{name}` with its value, `{name, plural, one {…} other {…}}` with the words that
 * fit the number `name` holds ('1 document', '2 documents'), in the shown language (decision 0092). An
 * argument not given stays visible as `{name}`.
 */
export function fillLabel(label: string, params: Record<string, string>): string {
  return formatText(label, params);
}

/** A document's status (spec point 3) on its badge: the spec's words in English, the status itself unchanged. */
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  Open: 'Open',
  'In Progress': 'In Progress',
  Completed: 'Completed',
};

/** Document and unit fields of spec point 3, as lists, details and search show them. */
export const FIELD_LABELS = {
  status: 'Status',
  date: 'Date',
  warehouseNo: 'Warehouse No.',
  expectedQty: 'Expected Qty',
  qtyLeft: 'Qty Left',
  shortageQty: 'Shortage Qty',
  materialNo: 'Material No.',
  materialName: 'Material Name',
  batchNo: 'Batch No.',
  eanGtinNo: 'EAN/GTIN No.',
  sscc: 'SSCC',
  gtin: 'GTIN',
  serialNo: 'Serial No.',
  reason: 'Reason',
  expiry: 'Expiry',
  packs: 'Packs',
  parent: 'Parent',
  children: 'Contents',
  history: 'History',
  updatedAt: 'Last updated',
  completedAt: 'Completed',
} as const;

/**
 * The document screens of every family (list, details, scan; decision 0015): our words where the
 * spec has none. A family's own words (its number, quantity column, placeholders) are in its
 * registry entry (@pharma/domain families).
 */
export const DOCUMENT_UI = {
  search: 'Search',
  filter: 'Filter',
  applyFilter: 'Apply',
  clearFilter: 'Clear',
  from: 'From',
  to: 'To',
  statusFilter: 'Status',
  sortBy: 'Sort by',
  sortRecent: 'Most Recent',
  documentsFound: '{total} {total, plural, one {document} other {documents}}',
  scan: 'Scan',
  complete: 'Complete',
  confirm: 'Confirm',
  cancel: 'Cancel',
  lines: 'Lines',
  unitType: 'Unit type',
  /** The unit picker's first choice: none picked, each code's level is read from it (decision 0065). */
  anyUnit: 'Any',
  /** A unit before the server names its type (none picked). */
  item: 'Item',
  idType: 'ID type',
  gs1: 'GS1',
  nonGs1: 'Non-GS1',
  scanLabel: 'Scan {unit}',
  /** A counted family's scan field (ScanLite, decision 0027): a pack's GS1 code with GTIN and batch. */
  countLabel: 'Scan pack code (GTIN and batch)',
  countNote: 'Each scan counts one pack of its material and batch. Serialised packs are dispatched on their OBD.',
  go: 'Go',
  scanPlaceholder: 'Scan or type the code',
  accepted: '{unit} {id} accepted: {packs} {packs, plural, one {pack} other {packs}} counted.',
  removed: '{unit} {id} removed: {packs} {packs, plural, one {pack} other {packs}} taken off.',
  refused: 'Refused',
  duplicate: 'Already scanned',
  advice: 'Advice on {unit} {id}',
  dismiss: 'Dismiss',
  scannedUnits: 'Scanned units',
  noScannedUnits: 'No items added yet!',
  deleteLabel: 'Delete {id}',
  deleteTitle: 'Remove {id}?',
  deleteText: '{id} and every pack under it are taken off this document. You can scan it again afterwards.',
  keep: 'Keep',
  confirmDelete: 'Remove',
  progress: '{scanned} / {expected}',
  previous: 'Previous',
  next: 'Next',
} as const;

/** The search and unit screens (issue 6): our words where the spec has none. */
/** /ldc/scanFillData: what a scanned label says (decision 0028). */
export const SCAN_FILL_UI = {
  scanLabel: 'Label code',
  // The scan fields' one placeholder; 'Scan any label: pallet, carton or pack' was cut at 360 px (issue 27).
  scanPlaceholder: 'Scan or type the code',
  read: 'Read',
  intro: 'Scan a label to see every field it carries, then the unit it names as this site knows it.',
  format: 'Format',
  ai: 'AI',
  field: 'Field',
  value: 'Value',
  otherAi: 'Other data',
  unit: 'Unit on record',
  noUnit: 'This code names no pallet, carton or serialised pack: nothing to look up.',
} as const;

export const SEARCH_UI = {
  search: 'Search',
  cancel: 'Cancel',
  save: 'Save',
  searchLabel: 'SSCC or pack code',
  // The scan fields' one placeholder (DOCUMENT_UI.scanPlaceholder): the label says what to scan; it fits at 360 px (issue 27).
  searchPlaceholder: 'Scan or type the code',
  readLabel: 'Read a label field by field (Scan Fill Data)',
  editStatus: 'Edit status',
  newStatus: 'New status',
  statusReason: 'Reason (optional)',
  statusSaved: 'Status changed to {status}.',
  palletDetail: 'Pallet detail',
  cartonDetail: 'Carton detail',
  packDetail: 'Pack detail',
  cartonList: 'Carton list',
  packList: 'Pack list',
  noHistory: 'No history yet.',
  // A pack of a held batch, or a pallet or carton holding one (issue 30, decision 0074); {status} is 'on hold' or 'recalled'.
  batchHeld: 'Batch {batchNo} of material {materialNo} is {status}.',
  batchHeldNote: 'It cannot be dispatched, transferred, redressed or repacked.',
  batchHeldInside: 'Packs of it are inside: this cannot be dispatched, transferred, redressed or repacked.',
  openBatch: 'See batch {batchNo}',
} as const;

/**
 * What each action the server writes into the audit trail did, as a unit's history titles it (issue 27;
 * the list is AUDIT_ACTIONS in @pharma/domain, decision 0069): the trail keeps the codes.
 */
export const AUDIT_ACTION_LABELS = {
  register: 'Account requested',
  login: 'Logged in',
  refresh: 'Session renewed',
  revoke: 'Session ended',
  logout: 'Logged out',
  create: 'Created',
  update: 'Changed',
  remove: 'Removed',
  status: 'Status changed',
  complete: 'Completed',
  reopen: 'Document reopened',
  count: 'Counted',
  uncount: 'Counted pack deleted',
  'remove count': 'Counted pack removed',
  'line added': 'Material/Batch added',
  'line quantity': 'Quantity changed',
  'line removed': 'Material/Batch removed',
  bprNo: 'BPR No. saved',
  'carton label': 'Carton labelled',
  'redress-add': 'Put in a redress carton',
  'redress-remove': 'Taken out of a redress carton',
  'replace pack': 'Pack replaced',
  'label-setup': 'Label settings changed',
  issue: 'SSCC issued',
  print: 'Label printed',
  reprint: 'Label printed again',
  'print-failed': 'Label printing failed',
  reference: 'Document No. set',
  'repack-add': 'Added in a repack',
  'repack-remove': 'Taken off in a repack',
  'repack-complete': 'Repack completed',
  commission: 'Commissioned',
  aggregate: 'Packed',
  'batch status': 'Batch status changed',
} as const satisfies Record<PlainAuditAction, string>;

/** A document family's action on a unit, with its document ('OBD No. 1800000102'). */
export const AUDIT_DOCUMENT_LABELS = {
  scan: 'Scanned on {document}',
  reverse: 'Taken off {document}',
  complete: '{document} completed',
  reopen: '{document} reopened',
  replace: 'Replaced on {document}',
} as const satisfies Record<DocumentAuditVerb, string>;
/** An action this version has no words for (a newer server's): never its code. */
export const AUDIT_OTHER_ACTION = 'Recorded';

/** The camera scanner (issue 7): our words, the spec has none. */
export const CAMERA_UI = {
  region: 'Camera',
  starting: 'Opening the camera…',
  aim: 'Hold the code inside the frame',
  denied: 'Camera access was denied. Allow the camera for this site in the browser settings, or use the Barcode Scanner.',
  noCamera: 'No camera was found on this device. Use the Barcode Scanner.',
  insecure: 'The camera needs a secure (https) connection to this site. Use the Barcode Scanner.',
  failed: 'The camera could not be started. Close other apps using it and try again.',
  retry: 'Try again',
} as const;

/** The shared scan input, the offline scan queue and the device settings (issue 7): our words where the spec has none. */
export const SCANNER_UI = {
  hidden: 'The scan field is hidden. Press Back again to leave this page, or show the field here.',
  show: 'Show scan field',
  typeManually: 'Type manually',
  useScanner: 'Use scanner',
  settingsLink: 'Open Settings',
  scanned: '{count} scanned',
  pending: '{count} pending',
  offline: 'Offline: scans are kept on this device and sent when the network is back.',
  retrying: 'The server cannot be reached: the scans are kept and sent again shortly.',
  signedOut: 'Sign in again to send the waiting scans.',
  sending: '{unit} read: sending…',
  queued: '{unit} kept on this device: it is sent when the network is back.',
  refusals: 'Scans refused after reconnecting',
  acknowledge: 'Acknowledge',
  leaveTitle: 'Unsent scans',
  /** Another user's scans on a shared device (decision 0026). */
  othersTitle: "Other users' unsent scans",
  othersWaiting: '{count} scans of {name} waiting to be sent',
  otherWaiting: '1 scan of {name} waiting to be sent',
  othersWaitingHint: 'They are sent when that user signs in on this device again.',
  leave: 'Leave',
  stay: 'Stay',
  barcodeScanner: 'Barcode Scanner',
  barcodeScannerHint: 'On: a hardware scanner types the codes and the camera view is off. Off: the camera view can scan.',
  readerName: 'Reader name',
  readerNameHint: "This device's name in the warehouse's reader settings (prefix, 00, bare SSCC). Empty: the warehouse's own settings.",
  save: 'Save',
  updateReady: 'A new version is ready.',
  update: 'Update',
  detailsOffline: 'The document details load when the network is back; scanning goes on.',
  /** A counted pack's code (GTIN and batch, no serial) as the screen writes it (`unitText` in lib/unit-codes.ts). */
  batchCode: '{gtin} batch {batch}',
} as const;

/** The lite families' pages (decision 0039): the spec's words where it has them ('Add Material/Batch', …), ours elsewhere. */
export const LITE_UI = {
  create: 'Create',
  createTitle: 'New document',
  warehouse: 'Warehouse',
  addMaterialBatch: 'Add Material/Batch',
  scanMaterialBatch: 'Scan Material/Batch',
  materialNo: 'Material No.',
  batchNo: 'Batch No.',
  quantity: 'Quantity',
  add: 'Add',
  materials: 'Materials',
  removeLine: 'Remove {materialNo} / {batchNo}',
  removeDocument: 'Remove document',
  removeDocumentTitle: 'Remove {number}?',
  removeDocumentText: '{number} and its lines are removed. A document with scanned packs cannot be removed: delete them first.',
  materialScanLabel: 'Scan a pack code (GTIN and batch)',
  read: 'Read',
  openDetails: 'Material Details',
  scanCartonCode: 'Scan Carton Code',
  scanItemCodes: 'Scan Item Code(s)',
  // Each line's scans and their removal (issue 27, decision 0066): ScanLite and the lite families.
  scansByLine: 'Scans by line',
  lineScans: 'Scans of {materialNo} / {batchNo}',
  lineFigure: '{scanned} of {quantity} scanned',
  scanEntry: '{packs} {packs, plural, one {pack} other {packs}} · {user} · {time}',
  removeScan: 'Remove {code} scanned at {time}',
  removeScanTitle: 'Remove {code}?',
  removeScanText:
    'The scan of {code} by {user} at {time} is taken off {materialNo} / {batchNo}: {packs} {packs, plural, one {pack} other {packs}} fewer. You can scan it again afterwards.',
} as const;

/** The redress pages' words (issue 17, decision 0036); the spec's where it has them. */
export const REDRESS_UI = {
  bprNo: 'BPR No.',
  bprPlaceholder: 'Enter BPR No.',
  saveBpr: 'Save BPR No.',
  editBpr: 'Edit BPR No.',
  cartons: 'Cartons',
  noCartons: 'No cartons labelled yet: scan a carton label to start.',
  scanCartonLabel: 'Scan carton label',
  cartonLabel: 'Carton label',
  cartonCode: 'Carton',
  cartonProgress: '{held} of {qty} {qty, plural, one {pack} other {packs}}',
  scanPacks: 'Scan packs',
  replacePack: 'Replace a pack',
  series: 'Series',
  nonSeries: 'Non-series',
  scanType: 'Scan type',
  packCode: 'Pack code',
  count: 'Packs without serials',
  addCount: 'Add count',
  packsInCarton: 'Packs in this carton',
  countedInCarton: '{count} {count, plural, one {pack} other {packs}} counted without serials',
  packOut: 'Pack taken out',
  packIn: 'Pack put in',
  replace: 'Replace',
  replaced: 'Pack {from} replaced by {to}.',
  reopen: 'Reopen Document',
  cancel: 'Cancel',
  confirm: 'Reopen',
  backToPo: 'Back to the PO',
  cartonAdded: 'Carton {cartonCode} labelled for {qty} {qty, plural, one {pack} other {packs}}.',
  enterBprFirst: 'Enter the BPR No. first.',
  leaveTitle: 'Carton not full',
  stay: 'Stay',
  leave: 'Leave',
} as const;

/** The create pallet and print label pages (issue 18, decisions 0030 and 0031): ours, the spec has none. */
export const LABEL_UI = {
  warehouse: 'Warehouse',
  unitType: 'Type',
  pallet: 'Pallet',
  carton: 'Carton',
  create: 'Create New Pallet SSCC',
  newSscc: 'New SSCC',
  sscc: 'SSCC',
  ssccHint: '18 digits, or scan the SSCC label',
  format: 'Output',
  pdf: 'PDF (office printer)',
  zpl203: 'ZPL, 203 dpi (Zebra)',
  zpl300: 'ZPL, 300 dpi (Zebra)',
  printer: 'Printer',
  download: 'Download',
  noPrinter: 'Download the file',
  print: 'Print label',
  printLabelOf: 'Print the label of {sscc}',
  downloaded: 'Label of {sscc} downloaded ({file}).',
  editPallet: 'Edit pallet',
} as const;

/** The repack pages (issue 18, decision 0049): ours, the spec's where it has them ('Source pallet SSCC'). */
export const REPACK_UI = {
  openLabel: 'Pallet or carton SSCC',
  open: 'Open',
  scanPlaceholder: 'Scan or type the SSCC',
  openIntro: 'Scan the pallet or carton to build or break: its repack opens, or goes on where it was left.',
  destination: 'Destination',
  state: 'State',
  // A repack's state in words (issue 27: its code REPACK_PENDING is never shown), as documents name theirs.
  states: { REPACK_PENDING: 'In Progress', REPACK_COMPLETE: 'Completed' },
  packs: 'Packs',
  moves: 'Moves',
  sourceSsccs: 'Source pallet SSCC',
  referenceNo: 'Document No.',
  contents: 'Contents',
  noContents: 'Nothing on it yet: scan a carton or pack to add it.',
  mode: 'Scan to',
  add: 'Add',
  remove: 'Remove',
  scanAdd: 'Scan a carton or pack to add',
  scanRemove: 'Scan a carton or pack to take off',
  itemPlaceholder: 'Scan or type the code',
  scan: 'Scan',
  added: '{unit} {id} added: {packs} {packs, plural, one {pack} other {packs}}.',
  removed: '{unit} {id} taken off: {packs} {packs, plural, one {pack} other {packs}}.',
  refused: 'Refused',
  removeLabel: 'Take {id} off',
  removeTitle: 'Take {id} off?',
  removeText: '{id} and everything in it come off {sscc}.',
  keep: 'Keep',
  confirmRemove: 'Take off',
  complete: 'Complete',
  completeTitle: 'Complete this repack?',
  completeText: '{sscc} holds {packs} {packs, plural, one {pack} other {packs}}. A completed repack takes no more changes.',
  confirm: 'Confirm',
  cancel: 'Cancel',
  completed: 'This repack is completed: it takes no more changes.',
  view: 'View the repack',
  printLabel: 'Print its label',
  newDestination: 'Or make a new one',
  destinationLabel: 'Destination SSCC',
  destinationIntro: 'Scan the pallet or carton the units go onto, or make a new one.',
  create: 'Create and start',
  warehouse: 'Warehouse',
  unitType: 'Type',
  pallet: 'Pallet',
  carton: 'Carton',
} as const;

/** The Recall page (issue 30, decision 0074): a batch's status and where its stock is. Ours, the spec has none. */
export const RECALL_UI = {
  intro: 'Scan any pack of a batch, or type its material and batch number.',
  scanLabel: 'Pack code',
  scanPlaceholder: 'Scan or type the code',
  find: 'Find',
  typed: 'Material and batch',
  show: 'Show batch',
  // A batch's status in words (its code is never shown).
  statuses: { RELEASED: 'Released', ON_HOLD: 'On hold', RECALLED: 'Recalled' },
  batch: 'Batch {batchNo}',
  material: 'Material {materialNo}',
  status: 'Status',
  lastChange: 'Last change',
  neverHeld: 'Never put on hold or recalled.',
  changeBy: '{at} by {by}',
  totals: 'Packs of the batch',
  inStock: 'In stock',
  inTransit: 'In transit',
  dispatched: 'Dispatched',
  decommissioned: 'Scrapped',
  returned: 'Returned',
  warehouses: 'Per warehouse',
  noWarehouses: 'No pack of this batch is in a warehouse.',
  warehouse: 'Warehouse {warehouseNo}',
  packsHere: 'Packs',
  moreInCsv: 'and {count} more (see the CSV)',
  pallets: 'Pallets',
  cartons: 'Cartons',
  loose: 'Loose packs',
  none: 'None',
  openDocuments: 'On open documents',
  noOpenDocuments: 'On no open document.',
  shipped: 'Shipped to',
  noShipped: 'Not shipped to anyone.',
  noPartner: 'Partner not recorded',
  documentPacks: '{count} {count, plural, one {pack} other {packs}}',
  shippedOn: '{count} {count, plural, one {pack} other {packs}} on {at}',
  actions: 'Change the status',
  hold: 'Put on hold',
  release: 'Release',
  recall: 'Recall',
  holdTitle: 'Put batch {batchNo} on hold?',
  releaseTitle: 'Release batch {batchNo}?',
  recallTitle: 'Recall batch {batchNo}?',
  holdText:
    'Every pack of it, and every pallet and carton holding one, in every warehouse, stops: no dispatch, transfer, redress or repack takes it until it is released.',
  releaseText: 'Its stock may move again: dispatch, transfer, redress and repack take it.',
  recallText: 'A recall is final: the batch can never be released. Its packs may only be returned to the principal or scrapped.',
  reason: 'Reason',
  reasonHint: 'Why: at least 5 characters, kept in the audit trail.',
  confirm: 'Confirm',
  cancel: 'Cancel',
  recallFinal: 'This batch is recalled: a recall is final.',
  downloadCsv: 'Download CSV',
  downloaded: 'CSV downloaded ({file}).',
} as const;

/** The Reports page (issue 32, decision 0077): four read-only reports with their filters and CSV. Ours, the spec has none. */
export const REPORTS_UI = {
  reports: 'Report',
  // The reports, in the order of their tabs.
  names: { expiry: 'Expiry', stock: 'Stock', ledger: 'Ledger', discrepancies: 'Discrepancies', productivity: 'Productivity' },
  filters: 'Filters',
  warehouse: 'Warehouse',
  allWarehouses: 'All warehouses',
  materialNo: 'Material No.',
  batchNo: 'Batch No.',
  asOf: 'As of',
  from: 'From',
  to: 'To',
  apply: 'Apply',
  clear: 'Clear',
  // What the report read, as the server applied it (the area's warehouses, today's date when none is given).
  appliedWarehouses: 'Warehouses: {list}',
  appliedAsOf: 'as of {date}',
  appliedPeriod: '{from} to {to}',
  appliedSince: 'from {from}',
  appliedUntil: 'up to {to}',
  appliedAllTime: 'all dates',
  noWarehouse: 'none',
  downloadCsv: 'Download CSV',
  downloaded: 'CSV downloaded ({file}).',
  // Expiry: days left until expiry, in buckets.
  buckets: 'Packs by days left',
  bucketNames: {
    expired: 'Expired',
    '0-30': '0–30 days',
    '31-90': '31–90 days',
    '91-180': '91–180 days',
    'over-180': 'Over 180 days',
    'no-expiry': 'No expiry',
  },
  columns: {
    warehouseNo: 'Warehouse',
    materialNo: 'Material No.',
    batchNo: 'Batch No.',
    expiry: 'Expiry',
    daysLeft: 'Days left',
    bucket: 'Days left group',
    packs: 'Packs',
    status: 'Status',
    cartons: 'Cartons',
    pallets: 'Pallets',
    lineNo: 'Line',
    expected: 'Expected',
    scanned: 'Scanned',
    difference: 'Difference',
    hour: 'Hour (UTC)',
    user: 'User',
    docType: 'Document',
    accepted: 'Accepted',
    refused: 'Refused',
    opening: 'Opening',
    received: 'Received',
    returned: 'Returned',
    transferredIn: 'Transferred in',
    dispatched: 'Dispatched',
    scrapped: 'Scrapped',
    transferredOut: 'Transferred out',
    adjusted: 'Adjusted',
    closing: 'Closing',
  },
  total: 'Total',
  lines: 'Lines',
  // Discrepancies: one block per document.
  document: '{name} · {warehouseNo}',
  completed: 'Completed {at} by {by}',
  completedNoOne: 'Completed {at}',
  documents: '{count} {count, plural, one {document} other {documents}}',
  // Productivity: the scans per hour, then per user.
  perHour: 'Scans per hour',
  perUser: 'Per user',
  // The charts: each one's accessible name (the figures are in the table or boxes below it), and its series.
  charts: {
    expiry: 'Chart: packs by days left until expiry',
    ledger: 'Chart: packs in stock at the end of each day',
    ledgerPeriod: 'Chart: packs in stock at the end of each day, {from} to {to}',
    productivity: 'Chart: scans accepted and refused per hour (UTC)',
    packs: 'Packs',
    closing: 'Packs in stock',
    accepted: 'Accepted',
    refused: 'Refused',
  },
  none: '–',
  empty: {
    expiry: 'No pack in stock matches these filters.',
    stock: 'No stock matches these filters.',
    ledger: 'No stock or movement matches these filters.',
    discrepancies: 'No completed document with a short or over line matches these filters.',
    productivity: 'No scan matches these filters.',
  },
} as const;

/** The home dashboard (issue 32, decision 0077): four figures, each a link to the report it is read from. */
export const DASHBOARD_UI = {
  title: 'Today',
  // Each figure's words, under its number.
  expiring: '{count, plural, one {pack} other {packs}} expiring within 30 days',
  quarantined: '{count, plural, one {pack} other {packs}} in quarantine',
  openDocuments: '{count, plural, one {open document} other {open documents}}',
  scansToday: '{count, plural, one {scan} other {scans}} today',
  // Where each figure leads: the report it is read from, as the Reports page names it.
  opens: {
    expiring: 'Expiry report',
    quarantined: 'Stock report',
    openDocuments: 'Discrepancies today',
    scansToday: 'Productivity today',
  },
  // In place of a number while it loads, or when it could not be read: quiet, the link still works.
  loading: 'Loading the figures',
  unknown: '–',
} as const;

/**
 * The stock take's pages (issue 31, decisions 0079 and 0080): list, new count, details with the variance,
 * the scan. The reasons' words are the domain's (COUNT_REASON_LABELS); refusals are the server's messages.
 */
export const STOCK_TAKE_UI = {
  newCount: 'New count',
  scanCount: 'Scan',
  warehouse: 'Warehouse',
  scope: 'What is counted',
  scopeHint: 'Leave all three empty to count the whole warehouse.',
  materialNo: 'Material No. (optional)',
  batchNo: 'Batch No. (optional)',
  sscc: 'Pallet or carton SSCC (optional)',
  blind: 'Blind count',
  blindHint: 'Counters without the right to approve see only what they counted, never the expected figures.',
  create: 'Create count',
  // The summary.
  number: 'Count No.',
  state: 'State',
  states: { COUNTING: 'Counting', COMPLETED: 'Waiting for approval', APPROVED: 'Approved' },
  wholeWarehouse: 'The whole warehouse',
  scopeMaterial: 'Material {materialNo}',
  scopeBatch: 'batch {batchNo}',
  scopeSscc: 'Under {sscc}',
  blindYes: 'Yes',
  blindNo: 'No',
  snapshotAt: 'Snapshot taken',
  createdBy: 'Created by',
  completedBy: 'Completed by',
  approvedBy: 'Approved by',
  byAt: '{by}, {at}',
  nobody: '–',
  // The variance.
  lines: 'Count per material and batch',
  blindView: 'Blind count: only what was counted is shown.',
  noLines: 'Nothing counted yet.',
  material: 'Material',
  batch: 'Batch',
  expected: 'Expected',
  counted: 'Counted',
  difference: 'Difference',
  // A line counted again: the server's round number (1 after the first recount), as its message names it.
  round: 'Recount {round}',
  missing: 'Missing ({count})',
  found: 'Found ({count})',
  foundWhere: '{id}: was in {warehouseNo}, {status}',
  nowhere: 'no warehouse',
  moved: 'Moved during the count ({count})',
  movedBy: '{id}: {docType} {docNo}',
  movedOutside: '{id}: left the warehouse',
  missingContainers: 'Pallets and cartons not counted ({count})',
  foundContainers: 'Pallets and cartons found ({count})',
  reasonGiven: 'Reason: {reason}',
  recount: 'Recount',
  recountLabel: 'Recount material {materialNo}, batch {batchNo}',
  noBatch: '–',
  // Completing.
  complete: 'Complete count',
  completeIntro: 'Each line with a difference needs a reason. The stock changes only when another person approves the count.',
  completeBlind: 'Give a reason for every line you know has a difference; the server names any line still without one.',
  reasonFor: 'Reason for material {materialNo}, batch {batchNo}',
  noReason: 'No difference',
  chooseReason: 'Choose a reason',
  reasonText: 'What happened',
  otherLine: 'A reason for another line',
  addLine: 'Add line',
  removeLine: 'Remove',
  // Approving.
  approve: 'Approve count',
  approveText: 'Approving marks every missing unit as missing and moves every found unit into this warehouse as active stock, in one step.',
  waitingApproval: 'Completed: another person with the right to approve counts must approve it.',
  approved: 'Approved: the stock is adjusted.',
  allCounts: 'All counts',
  scanHere: 'Scan units of {number}',
  countedSoFar: 'Counted so far',
} as const;

/**
 * The Verification page and the 'Verify pack' action (issue 28, decision 0081): the requests sent to the
 * warehouse's national verification system (NMVS, VRS) and their outcomes. Ours, the spec has none; the
 * system's own answer is the server's message, shown as it comes.
 */
export const VERIFICATION_UI = {
  // The page's filters: the API's outcome filter (alerts, pending) and a period of request days.
  filters: 'Filter requests',
  show: 'Show',
  showAll: 'All',
  showAlerts: 'Alerts',
  showPending: 'Pending',
  from: 'From',
  to: 'To',
  apply: 'Apply',
  clear: 'Clear',
  // The list.
  requests: 'Verification requests',
  count: '{count} {count, plural, one {request} other {requests}}',
  limited: 'Only the newest {count} are listed: choose a shorter period to see older ones.',
  empty: 'No verification requests.',
  // A request.
  outcomes: { verified: 'Verified', alert: 'Alert', refused: 'Refused', pending: 'Pending', failed: 'Failed' },
  purposes: {
    'on-demand': 'On demand',
    'return-scan': 'Return scan',
    scrap: 'Scrapping',
    export: 'Export',
    'export-undo': 'Export undone',
  },
  operations: {
    verify: 'Verify',
    supply: 'Supply',
    destroy: 'Destroy',
    export: 'Export',
    sample: 'Sample',
    freeSample: 'Free sample',
    lock: 'Lock',
    stolen: 'Stolen',
  },
  undo: 'Undo {operation}',
  pack: 'Pack',
  packs: '{count} {count, plural, one {pack} other {packs}} of GTIN {gtin}',
  batch: 'Batch',
  expiry: 'Expiry',
  system: 'System',
  purpose: 'Purpose',
  returnCode: 'Return code',
  alertId: 'Alert ID',
  requestedBy: 'Requested by',
  warehouse: 'Warehouse',
  answer: 'Answer',
  notAnswered: 'Not answered yet: sent again until it is ({attempts} {attempts, plural, one {try} other {tries}} so far).',
  none: '–',
  // The 'Verify pack' action on a pack's card.
  verifyPack: 'Verify pack',
  verifyAgain: 'Verify again',
  // The answer's heading by its colour; the server's message (naming the system's answer) follows it.
  answerTitles: { verified: 'Verified', pending: 'Not answered yet', refused: 'Not verified' },
  allRequests: 'All verification requests',
} as const;

/**
 * The language picker (issue 33, decision 0092): on the login pages and in Settings. The languages are
 * named in their own words (LANGUAGE_NAMES in lib/language-choice.ts), never translated.
 */
export const LANGUAGE_UI = {
  // The picker's accessible name, and the heading of its section in Settings.
  language: 'Language',
  settingsHint: 'Saved for you, and for the login page of this device.',
} as const;
