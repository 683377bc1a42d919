import { Badge } from '@mantine/core';
import type { VerificationOutcome } from '@pharma/domain/contract/verification';
import { VERIFICATION_UI } from '../../../config/labels.ts';
import { OUTCOME_COLORS } from '../request-text.ts';

/** A request's outcome in words and colour (verified, alert, refused, pending, failed). */
export function OutcomeBadge({ outcome }: { outcome: VerificationOutcome }) {
  return (
    // flexShrink 0: beside a long pack code on a phone the badge keeps its width.
    <Badge color={OUTCOME_COLORS[outcome]} variant="light" size="lg" style={{ flexShrink: 0 }}>
      {VERIFICATION_UI.outcomes[outcome]}
    </Badge>
  );
}
