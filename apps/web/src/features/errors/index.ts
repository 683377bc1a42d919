export { NotFoundPage } from './components/not-found-page.tsx';
export { RestrictedPage } from './components/restricted-page.tsx';
export { ServerErrorPage } from './components/server-error-page.tsx';
