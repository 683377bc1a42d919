/**
 * The message catalogue: the only place product text lives.
 *
 * Every message of spec points 5 and 8 is here word for word, under a stable code.
 * Code elsewhere refers to the code; the text is looked up with `message()`.
 * Messages with placeholders ({field}, {x}, {code}) are filled by `message(code, params)`.
 *
 * Each text is ICU MessageFormat (decision 0090): a number's words are a plural,
 * `{count, plural, one {pack} other {packs}}`, and an apostrophe just before `{` or `}` is written twice.
 * This is the English catalogue, the source of the others (i18n/<locale>.po): after a change here,
 * `npm run i18n` compiles it and marks the translations of a changed text for review.
 */
import { formatIn } from './i18n/catalogues.ts';
import { SOURCE_LOCALE, type Locale } from './i18n/locales.ts';

export const MESSAGES = {
  // Spec point 5: field messages
  MIN_20_CHARACTERS: 'Enter at least 20 characters.',
  FIELD_EMPTY: 'Field cannot be empty',
  SEARCH_MIN_5: 'Please enter at least 5 characters to search.',
  ALPHANUMERIC_ONLY: 'Please enter alphabets and numbers only.',
  // The spec's sentence, then the rule (issue 27; validateBprNo, decision 0036).
  INVALID_BPR_NO:
    'Please enter a valid BPR No. A BPR No. has 1 to 20 letters and digits, with - / or . allowed only between them (such as BPR-2026-0201).',
  MIN_1_CHARACTER: 'Please enter at least 1 character.',
  MAX_15_CHARACTERS: 'Please enter a maximum of 15 characters only.',
  SPECIAL_CHARACTERS_NOT_ALLOWED: 'Special characters not allowed',
  MAX_20_ALPHANUMERIC: 'Please enter a maximum of 20 alpha numeric characters only.',
  MIN_5_ALPHANUMERIC: 'Please enter at least 5 alphanumeric characters to proceed.',
  SPECIAL_CHARACTERS_EXCEPT_DOT_SLASH_DASH: 'Special characters not allowed, excepts ./-',
  ONLY_ALPHANUMERIC_AND_SYMBOLS: 'Only alphanumeric and symbols - / . allowed',
  CARTON_QUANTITY_EXCEEDED: 'Total scanned quantity exceeded total quantity allowed for this carton',
  SERIAL_NOT_RECOGNIZED: "Scanned item's serial number is not recognized",
  DESTINATION_SERIAL_FORMAT: 'Destination item has a different serial number format. Please check and try again.',
  ITEM_ID_NOT_SUPPORTED: "Item's ID is not supported. Please scan another item.",
  INVALID_DATE_RANGE: 'Please select a valid date range of less than 1 year',

  // Spec point 5: login and form rules
  REQUIRED_FIELD: '{field} cannot be empty.',
  INVALID_EMAIL: 'Invalid email format.',
  PASSWORD_CRITERIA: 'Password did not meet criteria.',
  NOT_MATCHING: '{x} do not match.',
  MINIMUM_AGE: 'You must be 18 years or older to use this app.',
  MOBILE_FORMAT: "Mobile format doesn't match with +{code}.",
  // The specifics beside 'Password did not meet criteria.' (rules/password.ts, decision 0067).
  PASSWORD_RULE:
    '{min} to {max} characters with an upper case letter, a lower case letter, a digit and a special character from {specials}.',
  PASSWORD_NEEDS: 'It needs {needs}.',
  PASSWORD_NEEDS_MIN: 'at least {min} characters (it has {length})',
  PASSWORD_NEEDS_MAX: 'at most {max} characters (it has {length})',
  PASSWORD_NEEDS_UPPER: 'an upper case letter',
  PASSWORD_NEEDS_LOWER: 'a lower case letter',
  PASSWORD_NEEDS_DIGIT: 'a digit',
  PASSWORD_NEEDS_SPECIAL: 'a special character from {specials}',
  PASSWORD_PUBLISHED: "It must not be the demo users' published password.",

  // Spec point 6: permissions
  MODULE_NOT_AUTHORIZED: 'You are not authorized to access this module. Please contact the admin for required authorizations.',
  FEATURE_NOT_AUTHORIZED: 'You are not authorized to access this feature. Please contact the admin for required authorizations.',

  // Spec point 2: no-access and not-found screens
  RESTRICTED_TITLE: 'Restricted access',
  RESTRICTED_TEXT: 'You do not have permission to view this page.',
  ACCOUNT_OTHER_AREA: 'This account cannot use the {tried}; it may use the {areas}.',

  // Spec point 8: generic
  SOMETHING_WENT_WRONG: 'Something went wrong...',
  REQUEST_ERROR: 'REQUEST ERROR',

  // Spec point 8: completion errors
  ERROR_COMPLETING_DISPATCH: 'Error completing Dispatch. Please try again later.',
  ERROR_COMPLETING_RETURNS: 'Error completing returns... Please try again later.',
  ERROR_COMPLETING_DELETE: 'Error completing delete... Please try again later.',
  ERROR_COMPLETING_REDRESS: 'Error completing redress... Please try again later.',
  ERROR_COMPLETING_RECEIVE: 'Error completing receive... Please try again later.',
  ERROR_COMPLETING_DECOMMISSION: 'Error completing decommission... Please try again later.',
  ERROR_COMPLETING_RTP: 'Error completing RTP... Please try again later.',
  ERROR_COMPLETING_TRANSFER: 'Error completing transfer... Please try again later.',
  ERROR_COMPLETING_REPACK: 'Error completing repack... Please try again later.',
  ERROR_REOPENING_DOCUMENT: 'Error reopening document... Please try again later.',

  // Spec point 8: business errors
  REDRESS_ALREADY_COMPLETED: 'Redress has already been completed. Deletion is not allowed.',
  ITEM_CANNOT_BE_DELETED: 'Item cannot be deleted due to its status.',
  PREVIOUS_SCANS_NOT_SAVED: 'Previously scanned data have not been saved. Please scan again',
  CHANGES_NOT_SAVED: 'Changes you made have not been saved',
  // The spec's sentence, then the quantities (issue 27).
  CARTON_LABEL_OVERFLOW:
    'Carton label quantity overflow PO qty. Please check and scan correct value. This label is for {qty} {qty, plural, one {pack} other {packs}}; PO {number} has {left} of its {ordered} {ordered, plural, one {pack} other {packs}} of material {materialNo} batch {batchNo} left to label.',
  // The spec's sentence, then the numbers (issue 27, decision 0066): what the lines expect, hold and this scan adds.
  QUANTITY_EXCEEDED:
    'Quantity exceeded: {expected} expected, {scanned} already scanned, this scan {scan} (material {materialNo}, batch {batchNo}).',
  DATA_MAY_BE_LOST: 'Data may be lost if you refresh/ exit the page. Do you still wish to proceed?',

  // Spec point 8: empty states
  NO_RESULTS: 'No results found',
  NO_ITEMS: 'No items added yet!',
  NO_MATERIALS: 'No materials added yet!',
  NO_DOCUMENTS: 'There are currently no {documents}',
  // A unit an EPCIS event announced and nobody has received yet, as search shows it (issue 34, decision 0083).
  // {step} is the event's CBV business step (its type when it has none), {time} its eventTime as sent.
  UNIT_ANNOUNCED: 'Announced, not yet received',
  UNIT_ANNOUNCED_EVENT: 'Announced by the EPCIS {step} event of {time}.',
  UNIT_ANNOUNCED_EVENT_ID: 'Event {id}',
  UNIT_ANNOUNCED_TO: 'Addressed to warehouse {warehouseNo}.',
  UNIT_ANNOUNCED_EXPECTED: 'Expected on {type} {number}.',
  UNIT_ANNOUNCED_NOT_EXPECTED: 'No inbound document expects it yet.',

  // Spec point 8: camera notice
  CAMERA_OFF: 'Camera is currently turned off. To turn on Camera view, please turn off Barcode Scanner',

  // Spec point 8: success messages
  GI_SAVED: 'GI scan saved successfully!',
  RETURNS_SAVED: 'Returns scans saved successfully!',
  ITEM_ADDED: 'Item added successfully!',
  ITEM_REMOVED: 'Item removed successfully',
  REDRESS_SAVED: 'Redress scans saved successfully!',
  RECEIVE_SAVED: 'Receive scans saved successfully!',
  DECOMM_SAVED: 'Decomm. scans saved successfully!',
  RTP_COMPLETED: 'RTP completed successfully!',
  TRANSFER_SAVED: 'Transfer scans saved successfully!',
  REPACK_COMPLETED: 'Repacking completed successfully!',
  SETTINGS_UPDATED: 'Settings updated successfully!',
  BPR_SAVED: 'BPR No. saved to this Redress Ref. Doc No.',
  DOCUMENT_REOPENED: 'Document Reopened Successfully!',

  // Not in the spec (its server errors are "not shown"): our API's own codes.
  // docs/decisions/0002-api-errors.md explains the choice.
  BAD_REQUEST: 'The request is not valid: {detail}',
  CONTROL_CHARACTER: "The field ''{field}'' contains a control character.",
  NESTED_TOO_DEEPLY: "The field ''{field}'' is nested too deeply.",
  NOT_SIGNED_IN: 'You are not signed in. Please log in again.',
  INVALID_CREDENTIALS: 'Invalid email or password.',
  NOT_FOUND: 'Not found.',
  TOO_MANY_REQUESTS: 'Too many attempts. Please wait {seconds} {seconds, plural, one {second} other {seconds}} and try again.',
  ACCOUNT_DISABLED: 'This account is disabled. Ask an administrator to enable it again.',
  SESSION_ENDED_DISABLED: 'You were signed out because an administrator disabled this account. Ask an administrator to enable it again.',
  // The no-access page says what happened and whom to ask (issue 27, decision 0067).
  NO_ROLE_AT_ALL: 'The account {email} has no role yet, so it cannot use either site. Ask an administrator to give it a role.',
  NO_ROLE_IN_AREA: 'To use the {area}, ask an administrator for a role there.',
  NO_ROLE_FOR_PAGE: 'None of the roles of {email} opens this page. Ask an administrator if you need it.',
  DATABASE_UNAVAILABLE: 'The database is not answering.',
  SERVER_NOT_READY: 'This server is not taking requests: {reason}.',
  SSO_NO_ACCOUNT: 'No account is linked to {email}. Please contact the admin.',
  SSO_FAILED: 'Sign-in with your organisation failed. Please try again.',
  EMAIL_TAKEN: 'An account with this email already exists.',
  REGISTRATION_INVALID: 'Please correct the highlighted fields.',
  GRANT_NOT_AVAILABLE: '{grant} is not available for that module.',
  ROLE_NAME_TAKEN: 'A role with this name already exists.',
  UNKNOWN_ROLE: 'Unknown role: {role}.',
  TOKEN_NOT_FOR_NRIC: 'This session does not belong to that NRIC/FIN.',
  DOCUMENT_NOT_FOUND: '{type} {number} does not exist.',
  DOCUMENT_COMPLETED: '{type} {number} is already completed: it takes no more changes.',
  // Beside a disabled Complete button (completeButton, issue 27, decision 0064).
  NOTHING_TO_COMPLETE: 'Nothing is scanned on {type} {number} yet: scan at least one item to complete it.',
  DOC_TYPE_NOT_SUPPORTED: 'Scanning is not available yet for {type} documents.',
  SSCC_NOT_RECOGNIZED: 'Scanned SSCC {sscc} is not recognized.',
  UNIT_TYPE_MISMATCH: 'This code is a {actual}, not a {expected}.',
  UNIT_LEVEL_AMBIGUOUS:
    'This code names both SSCC {sscc} and pack {pack}, and both are on record: choose Pallet, Carton or Pack, then scan it again.',
  PACK_CODE_NOT_HANDLING_UNIT: 'This is a pack code: scan the SSCC label of a pallet or carton here.',
  NOT_EXPECTED: 'This item is not expected on {type} {number}.',
  ALREADY_SCANNED: 'This item has already been scanned on {type} {number}.',
  ALREADY_SCANNED_IN_PART:
    "Part of this {unit} is already on {type} {number}: {items}. Scan its other packs one by one with 'Add Pack', or remove those from the document (✕ on the scan page) and scan the {unit} again.",
  LIST_AND_MORE: '{items} and {count} more',
  ALREADY_RECEIVED: 'This item has already been received ({status}).',
  NOT_ON_DOCUMENT: 'Material {materialNo} batch {batchNo} is not on {type} {number}.',
  NOT_SALEABLE: 'This item cannot be dispatched: it is {status}, not in saleable stock.',
  NOT_DISPATCHED: 'Only dispatched items can be returned: this item is {status}.',
  NOT_SCRAPPABLE: 'This item cannot be scrapped: it is {status}.',
  NOT_TRANSFERABLE: 'This item cannot be transferred: it is {status}, not in saleable stock.',
  NOT_RETURNABLE_TO_PRINCIPAL: 'This item cannot be returned to the principal: it is {status}.',
  // Redress (decision 0036).
  NOT_REDRESSABLE: 'This item cannot be redressed: it is {status}, not in stock of this warehouse.',
  BPR_REQUIRED: 'Enter the BPR No. of PO {number} before scanning carton labels.',
  CARTON_LABEL_INVALID:
    'This is not a carton label: it needs the carton SSCC (00), the GTIN of its packs (02 or 01), their batch (10) and their count (37 or 30).',
  CARTON_LABEL_OTHER_CONTENT:
    'Carton {cartonCode} is already labelled on PO {number} for material {materialNo} batch {batchNo} ({qty} {qty, plural, one {pack} other {packs}}).',
  CARTON_NOT_LABELLED: 'Carton {cartonCode} has no label on PO {number}: scan its carton label first.',
  // A redress carton is a unit under its SSCC (decision 0061), and an SSCC names one unit only.
  CARTON_SSCC_TAKEN: 'SSCC {cartonCode} already names another pallet or carton: a carton label needs an SSCC of its own. Check the label.',
  PACK_NOT_FOR_CARTON:
    'This pack is material {materialNo} batch {batchNo}; carton {cartonCode} holds material {cartonMaterial} batch {cartonBatch}.',
  PACK_NOT_IN_CARTON: 'Pack {id} is not in a carton of PO {number}.',
  REPLACEMENT_OTHER_PRODUCT: 'The replacement must be material {materialNo} batch {batchNo}, like the pack it replaces.',
  NOT_REOPENABLE: '{type} {number} is not completed: only a completed document can be reopened.',
  REOPEN_KEPT: 'Changed since completion, these stay as they are: {items}.',
  COUNT_INVALID: 'Enter a whole number of packs, at least 1.',
  // The lite families (decision 0039), not worded by the spec.
  LITE_NUMBER_TAKEN: '{number} already exists in warehouse {warehouseNo}: enter another number.',
  LITE_NUMBER_TAKEN_ELSEWHERE: '{number} already exists (warehouse {warehouseNo}): lite document numbers are unique per module.',
  LITE_NOT_LOCAL_WAREHOUSE: 'Warehouse {warehouseNo} is not a local warehouse: lite documents are kept in local warehouses.',
  LITE_WHOLE_PACKS: 'A line counts whole packs: enter a whole number of at least 1 (such as 10 or 10EA).',
  LITE_QUANTITY_BELOW_SCANNED:
    '{scanned} {scanned, plural, one {pack is} other {packs are}} already scanned on this line: the quantity cannot be less.',
  LITE_LINE_HAS_SCANS: 'Packs are scanned on this line: delete them first.',
  LITE_LINE_NOT_FOUND: 'Material {materialNo} batch {batchNo} is not on {number}.',
  LITE_HAS_SCANS:
    '{number} has {count} scanned {count, plural, one {pack} other {packs}}: delete {count, plural, one {it} other {them}} before removing the document.',
  LITE_DOCUMENT_CREATED: '{number} created.',
  LITE_DOCUMENT_REMOVED: '{number} removed.',
  LITE_NOT_A_PACK_CODE: 'Scan the GS1 code of a pack: its GTIN (01) and batch (10).',
  LITE_NO_MATERIAL_FOR_GTIN: 'No material has GTIN {gtin}.',
  LITE_UNKNOWN_MODULE: 'Module {module} has no lite documents.',
  // ScanLite: counted stock (decision 0027).
  COUNTED_NOT_A_PACK_CODE: 'ScanLite counts packs by material and batch: scan the GS1 code of a pack with its GTIN (01) and batch (10).',
  COUNTED_SERIALISED:
    'Pack {id} carries a serial number: serialised packs are dispatched one by one on their OBD, not counted on ScanLite.',
  COUNTED_GTIN_UNKNOWN: 'No material has GTIN {gtin}.',
  COUNTED_BATCH_EXPIRED: 'Batch {batchNo} of material {materialNo} expired on {expiry}: expired stock cannot be dispatched.',
  COUNTED_NONE_TO_REMOVE: 'No pack of material {materialNo} batch {batchNo} is counted on {type} {number}.',
  // Counts removed one by one before completion (issue 27, decision 0066).
  COUNT_NOT_FOUND: 'This scan is not on {document} any more: it was removed already, or it belongs to another document.',
  COUNT_DOCUMENT_COMPLETED: 'Item cannot be deleted due to its status: {document} is completed, and what was scanned on it stays.',
  OTHER_WAREHOUSE: 'This item is in warehouse {warehouseNo}, not in {documentWarehouse}.',
  PACK_EXPIRED: 'Pack {id} expired on {expiry}: expired stock cannot be dispatched.',
  FEFO_OLDER_BATCH: 'Batch {batchNo} of material {materialNo} expires earlier ({expiry}): first expiry, first out.',
  PACK_IN_BUNDLE:
    "This pack is part of bundle {bundle}: only full bundles are accepted. Scan the bundle, or add loose packs with 'Add Pack'.",
  BUNDLE_NOT_FULL: "Bundle {bundle} is missing packs: only full bundles are accepted. Add its loose packs with 'Add Pack'.",
  SCAN_ID_REUSED: 'This scan id was already used for another scan.',
  SCAN_OF_ANOTHER_USER: 'This scan was made by another user: it is recorded only when that user is signed in.',
  NOT_SCANNED_ON_DOCUMENT: 'This item is not scanned on {type} {number}.',
  STATUS_NOT_OFFERED: 'Status {status} cannot be set on this item.',
  ITEM_LOCKED: 'This item is locked ({status}, {reason}): its status cannot be changed.',
  UNKNOWN_MATERIAL: 'Material {materialNo} does not exist.',
  UNKNOWN_WAREHOUSE: 'Warehouse {warehouseNo} does not exist.',
  // SSCC allocation and labels (issue 18)
  SSCC_ISSUER_MISSING: 'Warehouse {warehouseNo} has no GS1 Company Prefix: set it through the integration API before issuing SSCCs.',
  SSCC_RANGE_EXHAUSTED:
    'Every SSCC of company prefix {prefix} with extension digit {extension} has been issued: set another extension digit or prefix for warehouse {warehouseNo}.',
  SSCC_NOT_FOUND: 'SSCC {sscc} is not a pallet or carton you may see.',
  PRINTER_NOT_FOUND: 'There is no printer {printer} in warehouse {warehouseNo}.',
  PRINTER_UNREACHABLE: 'Printer {printer} ({host}:{port}) did not take the label: {detail}. Check that it is on and try again.',
  // Printers behind an allow-list (issue 26, decision 0055).
  PRINTER_PORT_NOT_ALLOWED:
    'Printer {printer} ({host}:{port}) is refused: port {port} is not a printer port on this server (allowed: {ports}; set by the operator in PRINTER_PORTS).',
  PRINTER_ADDRESS_NOT_ALLOWED:
    "Printer {printer} ({host}:{port}) is refused: {address} is a loopback, link-local or unspecified address, or one of this server's own.",
  PRINTER_HOST_INVALID: 'Printer {printer} is refused: "{host}" is not a host name or an IP address.',
  PRINTER_NOT_RESOLVED:
    'Printer {printer}: the name {host} does not resolve to an address ({detail}). Check the name in the warehouse setup.',
  LABEL_PRINTED: 'Label of {sscc} sent to {printer}.',
  PALLET_CREATED: 'New {type} SSCC {sscc} created.',
  REPACK_NOT_PENDING: 'The repack of {sscc} is already completed: it takes no more changes.',
  REPACK_NOT_A_TARGET: 'A {unit} cannot be put on a {target}.',
  REPACK_NOT_FOUND: 'Repack {repackNo} does not exist.',
  REPACK_NUMBERS_EXHAUSTED: 'Every repack number (RP00000001 to RP99999999) has been issued.',
  REPACK_NOT_A_DESTINATION: "A {unit} cannot be a repack's destination: scan a pallet or carton.",
  REPACK_NOT_ON_DESTINATION: 'This item is not on {sscc}: it cannot be taken off it.',
  REPACK_NOT_ON_REFERENCE: 'Material {materialNo} is not on {referenceNo}: it cannot be repacked for that document.',
  FAMILY_OWN_PATHS: '{type} documents are not scanned or completed here: use {scanPath} and {completePath}.',
  // The stock take (issue 31, decision 0079).
  STOCK_TAKE_CREATED: 'Stock take {number} created for {warehouseNo}. Scan what is on the shelves.',
  STOCK_TAKE_NUMBERS_EXHAUSTED: 'Every stock take number (ST00000001 to ST99999999) has been issued.',
  STOCK_TAKE_WAREHOUSE_UNKNOWN: 'Warehouse {warehouseNo} is not a warehouse of this area.',
  STOCK_TAKE_MATERIAL_UNKNOWN: 'Material {materialNo} does not exist.',
  STOCK_TAKE_BATCH_WITHOUT_MATERIAL: 'A batch is counted with its material: enter the material number too.',
  STOCK_TAKE_SSCC_NOT_IN_WAREHOUSE: '{sscc} is not a pallet or carton in stock of {warehouseNo}.',
  STOCK_TAKE_OWN_PATHS:
    'A stock take is counted with the scan page, completed with {completePath} and approved with {approvePath}; a line counted wrongly is counted again with {recountPath}.',
  STOCK_TAKE_NOT_COUNTING: 'Stock take {number} is {state}: it takes no more counts or changes.',
  STOCK_TAKE_ALREADY_COUNTED:
    '{count} {count, plural, one {unit} other {units}} of this scan {count, plural, one {was} other {were}} already counted on {number}: counted once.',
  STOCK_TAKE_LINE_NOT_COUNTED: 'Nothing of material {materialNo}, batch {batchNo} is counted on {number}: there is nothing to count again.',
  STOCK_TAKE_RECOUNT: 'Material {materialNo}, batch {batchNo} cleared on {number}: count it again (round {round}).',
  STOCK_TAKE_REASON_MISSING:
    'Material {materialNo}, batch {batchNo} has a difference: choose a reason (damaged, misplaced, picking error, theft suspected, receiving error, or other with a text).',
  STOCK_TAKE_REASON_TEXT: 'Material {materialNo}, batch {batchNo}: the reason Other needs a text saying what happened.',
  STOCK_TAKE_COMPLETED:
    'Stock take {number} completed. Another person with the right to approve counts must approve it before the stock changes.',
  STOCK_TAKE_NOT_COMPLETED: 'Stock take {number} is {state}: only a completed count can be approved.',
  STOCK_TAKE_APPROVER_IS_COMPLETER:
    'You completed stock take {number}, so you cannot approve it: another person with the right to approve counts must do it.',
  STOCK_TAKE_APPROVED:
    'Stock take {number} approved: {missing} {missing, plural, one {unit} other {units}} set MISSING, {found} {found, plural, one {unit} other {units}} moved into {warehouseNo}.',
  REPACK_INTO_ITSELF: 'A unit cannot be put on itself or on a unit inside it.',
  REPACK_ITEM_LOCKED: 'This item is locked ({status}, {reason}): it cannot be repacked.',
  REPACK_ON_OPEN_DOCUMENT:
    'This item is on {type} {number}, which is not completed: finish it there, or remove it from that document first.',
  // A pallet or carton an open document still builds or holds takes no repack (issue 27).
  REPACK_HOLDER_ON_OPEN_DOCUMENT:
    '{type} {number} is still open on {unit} {id}: nothing can be repacked into or out of it until that document is completed.',
  // Repack takes only what dispatch would take, its state named as dispatch names it (issue 27, decision 0062).
  REPACK_NOT_SALEABLE: 'This item cannot be repacked: it is {status}, not in saleable stock.',
  REPACK_NOT_SALEABLE_INSIDE: 'This {unit} cannot be repacked: {inner} {id} in it is {status}, not in saleable stock.',
  REPACK_TARGET_NOT_SALEABLE: 'Nothing can be repacked onto {unit} {id}: it is {status}, not in saleable stock.',
  REPACK_TAKEN_OUT: 'Taken out of {unit} {id}: {packs} {packs, plural, one {pack} other {packs}} left in it.',
  // A batch on hold or recalled (issue 30, decision 0070): {status} is 'on hold' or 'recalled' (BATCH_STATUS_WORDS).
  BATCH_HELD: 'Batch {batchNo} of material {materialNo} is {status}: this item cannot be scanned here.',
  BATCH_HELD_INSIDE: 'This {unit} holds packs of batch {batchNo} of material {materialNo}, which is {status}: it cannot be scanned here.',
  BATCH_HELD_QUARANTINE: 'Batch {batchNo} of material {materialNo} is {status}: the pack is received into quarantine.',
  BATCH_HELD_ON_DOCUMENT:
    'This document cannot be completed: batch {batchNo} of material {materialNo} is {status}. Delete its {count} {count, plural, one {pack} other {packs}} from the document first.',
  BATCH_HELD_REPACK: 'This item cannot be repacked: batch {batchNo} of material {materialNo} in it is {status}.',
  BATCH_RECALL_FINAL: 'Batch {batchNo} of material {materialNo} is recalled: a recall is final, so it cannot be released or held.',
  BATCH_STATUS_UNCHANGED: 'Batch {batchNo} of material {materialNo} is already {status}.',
  BATCH_UNKNOWN: 'No unit of batch {batchNo} of material {materialNo} is known.',
  BATCH_REASON_REQUIRED: 'Give the reason for this change of batch {batchNo} (at least 5 characters).',
  BATCH_STATUS_SET:
    'Batch {batchNo} of material {materialNo} is now {status}: {units} {units, plural, one {unit} other {units}} in {warehouses} {warehouses, plural, one {warehouse} other {warehouses}}.',
  BATCH_CODE_NO_BATCH: 'This code names no batch: scan a pack, or type the material and batch number.',
  // The reports (issue 32, decision 0077).
  REPORT_PERIOD_REVERSED: 'The period ends on {to}, before it starts on {from}: choose a last day on or after the first.',
  // Pack verification against the national systems (issue 28, decision 0081): the NMVS (EU FMD) or the VRS
  // (US DSCSA). {operation} is a word of VERIFICATION_OPERATION_WORDS; {returnDesc} is the system's own text.
  VERIFICATION_NOT_SET:
    'Warehouse {warehouseNo} is not connected to a national verification system: set its NMVS or VRS through the integration API.',
  VERIFICATION_NO_WAREHOUSE: 'This pack is in no warehouse now (in transit): verify it once it is received.',
  VERIFICATION_GLN_MISSING:
    'Warehouse {warehouseNo} has no GLN: the VRS needs one to name the requester (reqGLN). Give gln with the verification settings.',
  VERIFICATION_SECRET_MISSING: 'The NMVS needs the password of user {user}: give secret with the verification settings.',
  // The NMVS client certificate (decision 0081, "Client certificate"), refused on input; {subject} is the certificate's.
  VERIFICATION_CERTIFICATE_NOT_PEM:
    'The client certificate is not PEM certificates (-----BEGIN CERTIFICATE-----): give the certificate first, then the CAs that issued it.',
  VERIFICATION_CERTIFICATE_KEY_NOT_PEM:
    'The private key is not an unencrypted PEM private key (-----BEGIN PRIVATE KEY-----): take it out of its PKCS#12 file with openssl pkcs12 -nocerts -nodes.',
  VERIFICATION_CERTIFICATE_KEY_MISMATCH:
    'The private key is not the key of the client certificate {subject}: give the key it was issued for.',
  VERIFICATION_CERTIFICATE_EXPIRED: 'The certificate {subject} expired on {notAfter}: give the renewed client certificate.',
  VERIFICATION_CERTIFICATE_NOT_YET_VALID: 'The certificate {subject} is valid only from {notBefore}: give one valid today.',
  VERIFICATION_CERTIFICATE_NOT_CLIENT:
    'The certificate {subject} is not for client authentication (its extended key usage has no clientAuth): give the NMVS client certificate.',
  VERIFICATION_CERTIFICATE_NOT_CHAIN:
    'The certificate {subject} was not issued by the certificate after it: give the client certificate first, then each CA that issued the one before.',
  VERIFICATION_CERTIFICATE_CA_NOT_PEM:
    "The server CA is not PEM certificates (-----BEGIN CERTIFICATE-----): give the CAs that issued the NMVS's server certificate.",
  VERIFICATION_CERTIFICATE_NEEDS_HTTPS:
    'The client certificate of warehouse {warehouseNo} is presented only over https://: give an https:// address, or certificate null to remove it.',
  VERIFICATION_PACK_INCOMPLETE:
    'Pack {gtin}/{serial} has no batch or no expiry date in its code or on record: the {system} needs both to verify it.',
  VERIFICATION_NMVS_VERIFIED: 'The NMVS verified the pack: it is active ({returnCode}).',
  VERIFICATION_NMVS_INACTIVE: 'The NMVS did not verify the pack as active: it is inactive ({reasons}).',
  VERIFICATION_NMVS_REFUSED: 'The NMVS did not verify the pack: {returnCode} {returnDesc}.',
  VERIFICATION_NMVS_ALERT: 'The NMVS did not verify the pack: {returnCode} {returnDesc} (alert {alertId}).',
  VERIFICATION_NMVS_VERIFIED_PACKS: 'The NMVS verified {packs} {packs, plural, one {pack} other {packs}}: all active.',
  VERIFICATION_NMVS_REFUSED_PACKS:
    'The NMVS did not verify {refused} of {packs} {packs, plural, one {pack} other {packs}} as active; the first, {serial}: {returnCode} {returnDesc}.',
  VERIFICATION_NMVS_APPLIED: 'The NMVS recorded the {operation} of {packs} {packs, plural, one {pack} other {packs}}.',
  VERIFICATION_NMVS_NOT_APPLIED: 'The NMVS refused the {operation}: {returnCode} {returnDesc}.',
  VERIFICATION_NMVS_NOT_APPLIED_ALERT: 'The NMVS refused the {operation}: {returnCode} {returnDesc} (alert {alertId}).',
  VERIFICATION_NMVS_NOT_APPLIED_PACKS:
    'The NMVS refused the {operation} of {refused} of {packs} {packs, plural, one {pack} other {packs}}; the first, {serial}: {returnCode} {returnDesc}.',
  // A request sent again after the server stopped mid-send: the NMVS had its ClientTrxId and applied nothing twice.
  VERIFICATION_NMVS_REPEATED:
    'The NMVS had this request already (NMVS_TE_TX_01) and did not apply it again; the pack is {state} now, so the {operation} is not confirmed.',
  VERIFICATION_VRS_VERIFIED: 'The VRS verified the pack.',
  VERIFICATION_VRS_VERIFIED_INFO: 'The VRS verified the pack, noting: {info}.',
  VERIFICATION_VRS_NOT_VERIFIED: 'The VRS did not verify the pack: {reason}.',
  VERIFICATION_VRS_NOT_VERIFIED_INFO: 'The VRS did not verify the pack: {reason} ({info}).',
  VERIFICATION_VRS_VERIFIED_PACKS: 'The VRS verified {packs} {packs, plural, one {pack} other {packs}}.',
  VERIFICATION_VRS_REFUSED_PACKS:
    'The VRS did not verify {refused} of {packs} {packs, plural, one {pack} other {packs}}; the first, {serial}: {reason}.',
  VERIFICATION_VRS_RECORDED_ONLY:
    'The VRS takes no decommissioning: the {operation} of {packs} {packs, plural, one {pack} other {packs}} is recorded here only.',
  VERIFICATION_PENDING: 'The {system} has not answered yet ({detail}): the request is queued and sent again until it is answered.',
  VERIFICATION_FAILED: 'The {system} cannot take this request ({detail}): it is not sent again.',
  VERIFICATION_UNDO_OF: 'undo of the {operation}',
  // {detail} of VERIFICATION_PENDING and VERIFICATION_FAILED, where it is not the system's own code or an HTTP status.
  VERIFICATION_DETAIL_TIMEOUT: 'no answer within {ms} ms',
  VERIFICATION_DETAIL_NETWORK: 'the connection failed: {cause}',
  VERIFICATION_DETAIL_CREDENTIALS: 'the client id, user or password is not set',
  VERIFICATION_DETAIL_NO_GLN: 'no GLN is set to name the requester (reqGLN)',
  VERIFICATION_DETAIL_DISCONNECTED: 'warehouse {warehouseNo} is no longer connected to it',
  VERIFICATION_DETAIL_INTERNAL: 'an error of this server',
  VERIFICATION_DETAIL_NOT_SENT: 'not sent yet',
  VERIFICATION_DETAIL_BULK_RUNNING: 'the result of bulk request {nmvsTrxId} is not ready',
  VERIFICATION_DETAIL_NOT_IN_RESULT: 'not in the bulk result',
  VERIFICATION_DETAIL_UNREADABLE: 'the answer is not a {system} answer: {problem}',
  VERIFICATION_DETAIL_OTHER_ANSWER: 'the answer names another request (corrUUID {corrUUID})',
  VERIFICATION_DETAIL_TLS_REFUSED: "the connection was refused in the TLS handshake, {cause}; check the warehouse's client certificate",
  VERIFICATION_DETAIL_TLS_UNTRUSTED:
    "its server certificate is not trusted, {cause}; give the CA that issued it as the certificate's serverCa",
  VERIFICATION_DETAIL_CERTIFICATE_KEY:
    "the client certificate's private key no longer opens (the audit key changed); set the certificate again",
  // A scan of a family that verifies its packs as they are scanned (a return, issue 28): {answer} is the
  // system's answer as the request records it; {packs} names the packs ('04150123456782/SN0001, …').
  VERIFICATION_SCAN_REFUSED: 'Scan refused: {answer} Kept in quarantine (VERIFICATION FAILED): {packs}.',
  VERIFICATION_SCAN_ALERT: 'Alert {alertId} is recorded.',
  VERIFICATION_SCAN_FAILED:
    'Scan refused: the packs could not be verified. {answer} Scan again once the verification settings of warehouse {warehouseNo} are corrected.',
  VERIFICATION_SCAN_PENDING:
    '{answer} Until it answers, {count} {count, plural, one {pack is} other {packs are}} kept in QUARANTINE / PENDING VERIFICATION.',
  // A reopen of a document whose completion decommissioned its packs (issue 28): {operation} as in
  // VERIFICATION_OPERATION_WORDS; {answer} is the request's answer as recorded. Nothing is changed here by any of them.
  REOPEN_NOT_UNDOABLE:
    '{type} {number} cannot be reopened: the {system} has recorded the {operation} of its {packs} {packs, plural, one {pack} other {packs}}, and a {operation} cannot be undone in the {system}.',
  REOPEN_NOT_UNDOABLE_QUEUED:
    '{type} {number} cannot be reopened: the {operation} of its {packs} {packs, plural, one {pack} other {packs}} is queued to the {system}, and a {operation} cannot be undone in the {system}.',
  REOPEN_DECOMMISSION_PENDING:
    '{type} {number} cannot be reopened yet: the {system} has not answered the {operation} of its packs. Reopen it once the answer is in (the Verification page shows it).',
  REOPEN_UNDO_REFUSED: '{type} {number} is not reopened: {answer} Nothing was changed here.',
  REOPEN_UNDO_QUEUED:
    '{type} {number} is not reopened yet: {answer} Reopen it again once the {system} has answered: the queued undo is used, not sent again. Nothing was changed here.',
  UNKNOWN_PLANT: 'Plant {plant} names no single warehouse: send the destination warehouse.',
  DESTINATION_REQUIRED: '{type} {number} needs a destination plant or warehouse.',
  DESTINATION_NOT_ALLOWED: '{type} documents have no destination.',
  EXPORT_NOT_ALLOWED: '{type} documents cannot be marked as an export: their completion decommissions nothing as exported.',
  SAME_DESTINATION: 'A transfer cannot go to its own warehouse {warehouseNo}.',
  CANNOT_RECEIVE: '{type} documents cannot receive {source} documents.',
  WRONG_DESTINATION: '{source} {sourceNo} goes to warehouse {destination}, not to {warehouseNo}.',
  GTIN_TAKEN: 'GTIN {gtin} already belongs to material {materialNo}.',
  EPCIS_INVALID: 'The EPCIS document is not valid: {detail}',
  EPCIS_EVENT_REFUSED: 'Event {event} was refused: {reason}',
  // EPCIS values checked as GS1 values (decision 0056): {field} is the event's field, 'epcList[3]' or 'ilmd.cbvmda:lotNumber'.
  EPCIS_VALUE_NOT_TEXT: 'Event {event} was refused: {field} must be a text.',
  EPCIS_VALUE_EMPTY: 'Event {event} was refused: {field} is empty; GS1 AI ({ai}) needs at least one character.',
  EPCIS_VALUE_TOO_LONG:
    'Event {event} was refused: {field} is too long for GS1 AI ({ai}): at most {max} characters are allowed, found {length}.',
  EPCIS_VALUE_BAD_CHARACTER: 'Event {event} was refused: {field} holds a character GS1 AI ({ai}) does not allow ({char}).',
  EPCIS_VALUE_BAD_ENCODING: 'Event {event} was refused: {field} holds a broken percent-encoding in the value of GS1 AI ({ai}).',
  EPCIS_VALUE_BAD_URI: 'Event {event} was refused: {field} is not a GS1 Digital Link URI as GS1 writes one. {problem}',
  EPCIS_VALUE_BAD_DATE:
    'Event {event} was refused: {field} is not a real date written YYYY-MM-DD in the years GS1 AI (17) can carry: {value}.',
  EPCIS_UNIT_ELSEWHERE:
    'Event {event} was refused: {field} {unit} belongs to warehouse {warehouse} ({area}); this event would put it in warehouse {other} ({otherArea}).',
  EPCIS_JOB_INTERRUPTED:
    'The intake stopped after {processed} of {events} {events, plural, one {event} other {events}}: the server taking it in stopped or restarted. Send the document again: the events already received are skipped.',
  CANNOT_DISABLE_SELF: 'You cannot disable your own account.',

  // GS1 decoding (not worded by the spec): scan decoding errors of packages/domain/src/gs1.
  // {ai} is an Application Identifier such as 01, {position} a 1-based character position.
  SCAN_EMPTY: 'Nothing was scanned. Please scan again.',
  GS1_UNKNOWN_AI: 'The code holds an unknown GS1 Application Identifier ({ai}) at position {position}.',
  GS1_VALUE_TOO_SHORT: 'The value of ({ai}) is too short: it needs {min} characters, found {length}.',
  GS1_VALUE_TOO_LONG:
    'The value of ({ai}) is too long: at most {max} characters are allowed, found {length}. A group separator may be missing.',
  GS1_MISSING_SEPARATOR: 'A group separator is missing after ({ai}) at position {position}.',
  GS1_EMPTY_VALUE: 'The value of ({ai}) is empty.',
  GS1_BAD_CHARACTER: 'The value of ({ai}) holds a character that is not allowed ({char}) at position {position}.',
  GS1_BAD_CHECK_DIGIT: 'The check digit of ({ai}) is wrong: expected {expected}, found {found}.',
  GS1_INVALID_DATE: 'The date in ({ai}) is not a real date: {value}.',
  GS1_BAD_CHECK_PAIR: 'The check character pair of ({ai}) is wrong: {value}.',
  GS1_BAD_COMPANY_PREFIX: 'The value of ({ai}) does not start with a GS1 Company Prefix (at least 4 digits): {value}.',
  GS1_BAD_PIECE_OF_TOTAL: 'The piece number in ({ai}) must be 1 to the total number of pieces: {value}.',
  GS1_BAD_VALUE: 'The value of ({ai}) is not one its definition allows: {value}.',
  GS1_BAD_COUNTRY: 'The value of ({ai}) is not an ISO 3166 country code: {value}.',
  GS1_BAD_CURRENCY: 'The value of ({ai}) is not an ISO 4217 currency code: {value}.',
  GS1_BAD_IBAN: 'The value of ({ai}) is not a valid IBAN (ISO 13616): {value}.',
  GS1_BAD_PACKAGE_TYPE: 'The value of ({ai}) is not a package type code (UN/ECE Recommendation 21, as GS1 lists it): {value}.',
  GS1_BAD_COUPON: 'The value of ({ai}) is not a valid North American coupon code: {value}.',
  GS1_DUPLICATE_AI: '({ai}) appears twice with different values.',
  GS1_NO_DATA: 'The code holds no GS1 data.',
  GS1_NOT_GS1_SYMBOLOGY: 'The barcode type ({symbology}) does not carry GS1 data. Please scan the GS1 code of the item.',
  GS1_DL_NOT_STANDALONE: 'A GS1 Digital Link web address cannot be read from a GS1 element string barcode ({symbology}).',
  GS1_REQUIRED_AI_MISSING: '({ai}) needs one of these AIs in the same code: {required}.',
  GS1_INVALID_AI_PAIR: '({ai}) and ({other}) may not appear together in one code.',
  GS1_DIGSIG_NEEDS_SERIAL: 'With a digital signature (8030), ({ai}) must carry its serial component.',
  GS1_DL_NO_KEY: 'The web address holds no GS1 identifier (such as /01/ for a GTIN or /00/ for an SSCC).',
  GS1_DL_BAD_ENCODING: 'The web address holds a broken percent-encoding at position {position}.',
  GS1_DL_BAD_SCHEME: 'A GS1 web address starts with http:// or https:// (all lower or all upper case), found {scheme}://.',
  GS1_DL_BAD_CHARACTER: 'The web address holds a character that a web address may not hold ({char}) at position {position}.',
  GS1_DL_NO_HOST: 'The web address has no host name.',
  GS1_DL_BAD_PATH: 'In the web address, ({ai}) may only be followed by its qualifiers in this order (one sequence of): {qualifiers}.',
  GS1_DL_NO_QUALIFIERS: 'In the web address, nothing may follow ({ai}) and its value in the path.',
  GS1_DL_DUPLICATE_AI: '({ai}) appears more than once in the web address.',
  GS1_DL_NOT_ATTRIBUTE: '({ai}) is not allowed in the query of a GS1 web address.',
  GS1_SERIAL_WITHOUT_GTIN: 'The serial number (21) was scanned without its GTIN (01): a pack is identified by both.',
  SSCC_WITHOUT_AI:
    "These 18 digits are an SSCC typed without its Application Identifier (00): scan the {unit}'s SSCC label, or type 00 before the digits.",
  PACK_CODE_IN_SSCC_MODE: "This is a pack code: choose Pack, or scan the {unit}'s SSCC label.",
  GS1_SSCC_IN_BATCH_SCAN: 'This is a pallet or carton code (SSCC). Please scan the batch of a pack.',
  MATRIX_MALFORMED: 'The matrix code is not a valid ISO/IEC 15434 message.',
  MATRIX_UNSUPPORTED_FORMAT: 'The matrix code uses format {format}; only format 06 is supported.',
  MATRIX_BAD_FIELD: 'The matrix code field {field} is not valid: {value}.',
  MATRIX_INVALID_DATE: 'The date in matrix code field {field} is not a real date: {value}.',
  MATRIX_NO_PRODUCT: 'The matrix code holds no product number (9N PPN or 8P GTIN).',
  PPN_BAD_CHECK_DIGITS: 'The PPN check digits are wrong: expected {expected}, found {found}.',
  // An SSCC typed or scanned into a field (readSsccInput, issue 27): the sentence, then what is wrong.
  SSCC_INPUT_INVALID: 'Enter the 18 digits of an SSCC, or scan its label.',
  // 18 digits scanned or typed on a scan page that end in the wrong check digit (decodeScan, issue 27).
  SSCC_CHECK_DIGIT:
    '{sscc} is not an SSCC: it ends in {found}, but its check digit should be {expected}. Check the digits, or scan the SSCC label.',
  SSCC_INPUT_LENGTH:
    'Enter the 18 digits of an SSCC, or scan its label. {length} {length, plural, one {digit was} other {digits were}} entered.',
  SSCC_INPUT_CHECK_DIGIT:
    'Enter the 18 digits of an SSCC, or scan its label. {sscc} ends in {found}, but its check digit should be {expected} (the GS1 check digit of its first 17 digits).',
  SSCC_INPUT_NO_SSCC: 'Enter the 18 digits of an SSCC, or scan its label. This code holds no SSCC (00).',
  SSCC_INPUT_CODE: 'Enter the 18 digits of an SSCC, or scan its label. {problem}',
  // Field formats of spec point 5 that the spec gives no message for.
  MATERIAL_NO_LENGTH: 'The material number must have exactly 8 characters.',
  MAX_12_CHARACTERS: 'Please enter a maximum of 12 characters only.',
  INVALID_QUANTITY: 'Please enter a number (optionally with decimals), or digits followed by uppercase letters.',
  DATE_RANGE_REVERSED: 'The start date {from} is after the end date {to}: choose a start date on or before the end date.',
} as const;

export type MessageCode = keyof typeof MESSAGES;

/** What a verification request asks of the national system (issue 28), as {operation} of the VERIFICATION_ messages. */
export const VERIFICATION_OPERATION_WORDS = {
  verify: 'verification',
  supply: 'supply',
  destroy: 'destruction',
  export: 'export',
  sample: 'sampling',
  freeSample: 'free sample',
  lock: 'lock',
  stolen: 'theft report',
} as const;

/**
 * The text of a message in a language (English unless `locale` names another whose catalogue is loaded,
 * i18n/catalogues.ts): `{name}` placeholders filled from `params`, and ICU plurals,
 * `{name, plural, one {pack} other {packs}}`, with the words that fit the number `name` holds.
 */
export function message(code: MessageCode, params: Record<string, string | number> = {}, locale: Locale = SOURCE_LOCALE): string {
  return formatIn(code, params, locale);
}

/** In login error messages the word identifier is replaced by email (spec point 5). */
export function loginErrorText(text: string): string {
  return text.replace(/identifier/g, 'email').replace(/Identifier/g, 'Email');
}
