/** The home dashboard (issue 32, decision 0077): a small gate in the home's chunk; the figures are a chunk of their own. */
export { HomeDashboard } from './components/home-dashboard.tsx';
