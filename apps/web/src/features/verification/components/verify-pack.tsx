import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { TOOL_NEEDS } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import type { VerifyPackResponse } from '@pharma/domain/contract/verification';
import { VERIFICATION_UI } from '../../../config/labels.ts';
import { VERIFICATION_PAGES } from '../../../config/navigation.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useCan } from '../../../lib/can.ts';
import { useVerifyPack } from '../api/verification-api.ts';
import { answerTone, TONE_COLORS } from '../request-text.ts';

function Code({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} role="group" aria-label={label} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The system's answer in its colour: green verified, amber not answered yet (the request is queued and
 * sent again until it is), red not verified (an alert, a refusal, or a request the system cannot take);
 * the server's message names the system's answer, then its return code and alert id.
 */
function VerifyAnswer({ answer }: { answer: VerifyPackResponse }) {
  const tone = answerTone(answer);
  return (
    <Alert
      color={TONE_COLORS[tone]}
      variant="light"
      title={VERIFICATION_UI.answerTitles[tone]}
      role={tone === 'refused' ? 'alert' : 'status'}
      data-testid="verify-answer"
    >
      <Stack gap={6}>
        <Text size="sm">{answer.message}</Text>
        {(answer.returnCode !== null || answer.alertId !== undefined) && (
          <Group gap="lg" align="flex-start">
            {answer.returnCode !== null && <Code label={VERIFICATION_UI.returnCode} value={answer.returnCode} />}
            {answer.alertId !== undefined && <Code label={VERIFICATION_UI.alertId} value={answer.alertId} />}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * 'Verify pack' on a pack's card (issue 28), for holders of the VerifyPack action of the area: the pack's
 * code sent to POST /api/verifyPack, the answer shown in its colour, and for those who may see them, a
 * way to the area's verification requests. A refusal of the call itself (no system set for the
 * warehouse, a pack in transit) reads as the server's message.
 */
export function VerifyPackAction({ area, code }: { area: Area; code: string }) {
  const mayVerify = useCan({ application: area, ...TOOL_NEEDS.verifyPack });
  const mayList = useCan({ application: area, ...TOOL_NEEDS.verificationView });
  const verify = useVerifyPack(area);
  if (!mayVerify) return null;
  return (
    <Stack gap="xs" component="section" aria-label={VERIFICATION_UI.verifyPack}>
      <Group gap="xs">
        <Button variant="light" loading={verify.isPending} onClick={() => verify.mutate(code)}>
          {verify.data ? VERIFICATION_UI.verifyAgain : VERIFICATION_UI.verifyPack}
        </Button>
        {verify.data && mayList && (
          <Anchor component={Link} to={VERIFICATION_PAGES.page(area)} size="sm">
            {VERIFICATION_UI.allRequests}
          </Anchor>
        )}
      </Group>
      {verify.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(verify.error)}
        </Alert>
      )}
      {verify.data && !verify.isPending && <VerifyAnswer answer={verify.data} />}
    </Stack>
  );
}
