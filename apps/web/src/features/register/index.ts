export { RegisterPage } from './components/register-page.tsx';
