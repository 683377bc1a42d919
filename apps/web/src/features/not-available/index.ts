export { NotAvailable } from './components/not-available.tsx';
