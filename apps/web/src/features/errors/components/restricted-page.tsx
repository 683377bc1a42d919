import { message } from '@pharma/domain';
import { StatusScreen } from '../../../components/ui/status-screen.tsx';
import { HomeLink } from './home-link.tsx';

/** /restricted and /403 (spec point 2). */
export function RestrictedPage({ home }: { home?: string }) {
  return <StatusScreen code={403} title={message('RESTRICTED_TITLE')} text={message('RESTRICTED_TEXT')} action={<HomeLink to={home} />} />;
}
