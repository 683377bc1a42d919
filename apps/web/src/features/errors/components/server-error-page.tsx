import { message } from '../../../i18n/language.ts';
import { TITLES } from '../../../config/labels.ts';
import { StatusScreen } from '../../../components/ui/status-screen.tsx';
import { HomeLink } from './home-link.tsx';

/** /500 and what the error boundary shows. */
export function ServerErrorPage({ home }: { home?: string }) {
  return <StatusScreen code={500} title={TITLES.error} text={message('SOMETHING_WENT_WRONG')} action={<HomeLink to={home} />} />;
}
