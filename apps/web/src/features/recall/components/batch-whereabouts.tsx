import type { ReactNode } from 'react';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { familyOf } from '@pharma/domain';
import type { WhereaboutsResponse } from '@pharma/domain/contract/batches';
import type { Area } from '@pharma/domain/contract/inventory';
import { fillLabel, RECALL_UI } from '../../../config/labels.ts';
import { formatDateTime } from '../../../lib/local-day.ts';
import { unitPath } from '../../../lib/unit-codes.ts';

/** A labelled figure: a group named by its label, so it reads 'In stock 12'. */
function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid="figure-value">
        {value}
      </Text>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Text fw={600}>{title}</Text>
      {children}
    </Stack>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}

/** A document as lists name it: its family's number label and number ('OBD No. 8000000101'). */
function documentName(docType: string, docNo: string): string {
  return `${familyOf(docType)?.labels.number ?? docType} ${docNo}`;
}

/** How many SSCCs a warehouse lists before the rest is left to the CSV. */
const SHOWN_SSCCS = 20;

/** The SSCCs of a warehouse's pallets or cartons: those of this area link to their pages. */
function Ssccs({ label, ssccs, type, area, linked }: { label: string; ssccs: string[]; type: 'PLT' | 'CTN'; area: Area; linked: boolean }) {
  return (
    <Stack gap={2} role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label} ({ssccs.length})
      </Text>
      {ssccs.length === 0 ? (
        <Text size="sm">{RECALL_UI.none}</Text>
      ) : (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {ssccs.slice(0, SHOWN_SSCCS).map((sscc) => (
            <Text key={sscc} component="li" size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {linked ? (
                <Anchor component={Link} to={unitPath({ kind: 'sscc', sscc }, type, area)} inherit>
                  {sscc}
                </Anchor>
              ) : (
                sscc
              )}
            </Text>
          ))}
          {ssccs.length > SHOWN_SSCCS && (
            <Text component="li" size="xs" c="dimmed">
              {fillLabel(RECALL_UI.moreInCsv, { count: String(ssccs.length - SHOWN_SSCCS) })}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** Where the batch's packs are: totals, per warehouse (pallets, cartons, loose packs), on open documents, shipped to whom. */
export function BatchWhereabouts({ area, whereabouts }: { area: Area; whereabouts: WhereaboutsResponse }) {
  const { totals } = whereabouts;
  return (
    <Stack gap="md">
      <Section title={RECALL_UI.totals}>
        <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" verticalSpacing="xs">
          <Figure label={RECALL_UI.inStock} value={totals.inStock} />
          <Figure label={RECALL_UI.inTransit} value={totals.inTransit} />
          <Figure label={RECALL_UI.dispatched} value={totals.dispatched} />
          <Figure label={RECALL_UI.decommissioned} value={totals.decommissioned} />
          <Figure label={RECALL_UI.returned} value={totals.returned} />
        </SimpleGrid>
      </Section>

      <Section title={RECALL_UI.warehouses}>
        {whereabouts.warehouses.length === 0 ? (
          <Empty text={RECALL_UI.noWarehouses} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {whereabouts.warehouses.map((w) => {
              const name = fillLabel(RECALL_UI.warehouse, { warehouseNo: w.warehouseNo });
              return (
                <Card key={w.warehouseNo} withBorder padding="xs" component="article" aria-label={name}>
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={600}>{name}</Text>
                      <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                        {w.area}
                      </Badge>
                    </Group>
                    <SimpleGrid cols={2} spacing="xs">
                      <Figure label={RECALL_UI.packsHere} value={w.units} />
                      <Figure label={RECALL_UI.loose} value={w.looseUnits} />
                    </SimpleGrid>
                    <Ssccs label={RECALL_UI.pallets} ssccs={w.pallets} type="PLT" area={area} linked={w.area === area} />
                    <Ssccs label={RECALL_UI.cartons} ssccs={w.cartons} type="CTN" area={area} linked={w.area === area} />
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </Section>

      <Section title={RECALL_UI.openDocuments}>
        {whereabouts.openDocuments.length === 0 ? (
          <Empty text={RECALL_UI.noOpenDocuments} />
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {whereabouts.openDocuments.map((d) => (
              <Group key={`${d.docType}-${d.docNo}`} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {documentName(d.docType, d.docNo)}
                </Text>
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {fillLabel(RECALL_UI.documentPacks, { count: String(d.units) })}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Section>

      <Section title={RECALL_UI.shipped}>
        {whereabouts.dispatched.length === 0 ? (
          <Empty text={RECALL_UI.noShipped} />
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {whereabouts.dispatched.map((d) => (
              <Stack key={`${d.docType}-${d.docNo}`} component="li" gap={0}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {d.partner ?? RECALL_UI.noPartner}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {documentName(d.docType, d.docNo)} ·{' '}
                  {fillLabel(RECALL_UI.shippedOn, { count: String(d.units), at: formatDateTime(d.completedAt) })}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}
