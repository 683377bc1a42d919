export { AppMenu } from './components/app-menu.tsx';
export { useBack } from './hooks/use-back.ts';
