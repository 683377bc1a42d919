import { Button, Group, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { message } from '@pharma/domain';
import { StatusScreen } from '../../../components/ui/status-screen.tsx';
import { useSession } from '../../../lib/session.ts';
import { areaAdvice, awaitingGrant } from '../area-advice.ts';
import { HomeLink } from './home-link.tsx';

/**
 * /restricted and /403 (spec point 2); after signing in at the other area's login, which area the account
 * may use; for an account with no area yet, that the admin must grant one.
 */
export function RestrictedPage({ home }: { home?: string }) {
  const [search] = useSearchParams();
  const session = useSession();
  const auth = session.status === 'authenticated' ? session.session.authorization : undefined;
  const advice = areaAdvice(search.get('area'), auth);
  const waiting = awaitingGrant(auth);
  if (advice) {
    const links = advice.links.map((link) => (
      <Button key={link.to} component={Link} to={link.to}>
        {link.label}
      </Button>
    ));
    return (
      <StatusScreen code={403} title={message('RESTRICTED_TITLE')} text={advice.text} action={<Group justify="center">{links}</Group>} />
    );
  }
  const way = <HomeLink to={home} />;
  const action = waiting ? (
    <Stack align="center" gap="sm">
      <Text fw={600}>{waiting}</Text>
      {way}
    </Stack>
  ) : (
    way
  );
  return <StatusScreen code={403} title={message('RESTRICTED_TITLE')} text={message('RESTRICTED_TEXT')} action={action} />;
}
