import { TITLES, UI } from '../../../config/labels.ts';
import { StatusScreen } from '../../../components/ui/status-screen.tsx';
import { HomeLink } from './home-link.tsx';

/** /404, /NotFound and every unknown path. */
export function NotFoundPage({ home }: { home?: string }) {
  return <StatusScreen code={404} title={TITLES.notFound} text={UI.notFoundText} action={<HomeLink to={home} />} />;
}
