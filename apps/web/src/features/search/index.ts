export { SearchPage } from './components/search-page.tsx';
export { UnitPage } from './components/unit-page.tsx';
