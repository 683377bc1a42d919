export { ReceiveListPage } from './components/receive-list-page.tsx';
export { IbdDetailsPage } from './components/ibd-details-page.tsx';
export { ScanDocumentPage } from './components/scan-document-page.tsx';
export { ScanUnitsPage } from './components/scan-units-page.tsx';
