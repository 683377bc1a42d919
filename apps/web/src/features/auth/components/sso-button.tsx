import type { MouseEvent } from 'react';
import { Button, Divider } from '@mantine/core';
import type { Application } from '@pharma/domain';
import { UI } from '../../../config/labels.ts';
import { clearSignOutPending, finishPendingSignOut, isSignOutPending } from '../../../lib/pending-sign-out.ts';
import { useSsoConfig } from '../api/sso-config.ts';
import { ssoStartUrl } from '../sso.ts';

/** "Sign in with your organisation" when the server offers single sign-on (decision 0005). */
export function SsoButton({ area, returnPath }: { area: Application; returnPath: string | null }) {
  const config = useSsoConfig();
  if (!config.data?.enabled) return null;
  const href = ssoStartUrl(area, returnPath);
  // A sign-out made offline on this device is finished before the new session replaces its cookies.
  const finishSignOutFirst = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isSignOutPending()) return;
    event.preventDefault();
    void finishPendingSignOut().then(() => {
      clearSignOutPending();
      window.location.assign(href);
    });
  };
  return (
    <>
      {/* A full navigation: the server redirects to the organisation's provider. */}
      {/* A longer language's words wrap onto a second line rather than being cut off (issue 33). */}
      <Button
        component="a"
        href={href}
        onClick={finishSignOutFirst}
        variant="default"
        size="md"
        fullWidth
        h="auto"
        mih={42}
        py={8}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      >
        {UI.ssoButton}
      </Button>
      <Divider label={UI.or} labelPosition="center" />
    </>
  );
}
