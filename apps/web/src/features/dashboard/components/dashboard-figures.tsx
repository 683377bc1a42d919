import { SimpleGrid, Skeleton, Text, Title, UnstyledButton } from '@mantine/core';
import type { Application } from '@pharma/domain';
import { Link } from 'react-router';
import { DASHBOARD_UI } from '../../../config/labels.ts';
import { formatNumber } from '../../../lib/number-format.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { dashboardFigures, type Figure } from '../dashboard-figures.ts';
import classes from './dashboard-figures.module.css';

/**
 * The home's four figures (issue 32, decision 0077), each a link to the report it is read from. While they
 * load each number is a quiet placeholder; when they cannot be read each shows a dash and still links to
 * its report: no alert, and the tiles below work as ever.
 */
export function DashboardFigures({ area }: { area: Application }) {
  const { data, isPending } = useDashboard(area);
  return (
    <section aria-labelledby="dashboard-title" aria-busy={isPending} style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
      <Title order={2} size="h5" id="dashboard-title" mb="xs">
        {DASHBOARD_UI.title}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="sm">
        {dashboardFigures(area, data).map((f) => (
          <FigureLink key={f.key} figure={f} loading={isPending} />
        ))}
      </SimpleGrid>
    </section>
  );
}

function FigureLink({ figure, loading }: { figure: Figure; loading: boolean }) {
  return (
    <UnstyledButton component={Link} to={figure.to} className={classes.figure} data-figure={figure.key}>
      {loading ? (
        <Skeleton height={32} width="3ch" aria-label={DASHBOARD_UI.loading} />
      ) : (
        <span className={classes.value} data-value={figure.value ?? ''}>
          {figure.value === undefined ? DASHBOARD_UI.unknown : formatNumber(figure.value)}
        </span>
      )}
      <Text size="sm">{figure.words}</Text>
      <Text size="xs" className={classes.opens}>
        {figure.opens} ›
      </Text>
    </UnstyledButton>
  );
}
