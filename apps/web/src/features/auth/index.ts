export { ChooseAreaPage } from './components/choose-area-page.tsx';
export { LoginPage } from './components/login-page.tsx';
