import { Button, Divider } from '@mantine/core';
import type { Application } from '@pharma/domain';
import { UI } from '../../../config/labels.ts';
import { useSsoConfig } from '../api/sso-config.ts';
import { ssoStartUrl } from '../sso.ts';

/** "Sign in with your organisation" when the server offers single sign-on (decision 0005). */
export function SsoButton({ area, returnPath }: { area: Application; returnPath: string | null }) {
  const config = useSsoConfig();
  if (!config.data?.enabled) return null;
  return (
    <>
      {/* A full navigation: the server redirects to the organisation's provider. */}
      <Button component="a" href={ssoStartUrl(area, returnPath)} variant="default" size="md" fullWidth>
        {UI.ssoButton}
      </Button>
      <Divider label={UI.or} labelPosition="center" />
    </>
  );
}
