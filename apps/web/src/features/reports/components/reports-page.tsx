import { Alert, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { REPORT_NAMES } from '../../../lib/api/contract/reports.ts';
import type { Area } from '@pharma/domain/contract/inventory';
import { fillLabel, REPORTS_UI } from '../../../config/labels.ts';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useDownloadCsv, useReport } from '../api/reports-api.ts';
import { appliedText } from '../report-columns.ts';
import { choiceFromQuery, queryFromChoice, type ReportChoice } from '../report-filters.ts';
import { ReportFiltersForm } from './report-filters-form.tsx';
import { ReportView } from './report-views.tsx';

/**
 * /rdc/reports and /ldc/reports, 'Reports' (issue 32, decision 0077): five read-only reports, one tab
 * each (expiry, stock, ledger, discrepancies, productivity), with their filters; the report and its
 * filters are the page's query, so Back and a link bring them again. Each report is a table, with a
 * chart above it where a shape reads faster than figures (expiry, ledger, productivity); its CSV is the
 * same request with `format=csv`, and a refused request shows the server's words.
 */
export function ReportsPage({ area }: { area: Area }) {
  const [query, setQuery] = useSearchParams();
  const choice = choiceFromQuery(query);
  const report = useReport(choice, area);
  const csv = useDownloadCsv(area);

  const show = (next: ReportChoice) => {
    const nextQuery = queryFromChoice(next);
    csv.reset();
    // Applying the same filters again reads the report again.
    if (nextQuery.toString() === queryFromChoice(choice).toString()) void report.refetch();
    else setQuery(nextQuery);
  };

  return (
    <Tabs value={choice.report} onChange={(name) => show({ ...choice, report: REPORT_NAMES.find((r) => r === name) ?? choice.report })}>
      <Tabs.List aria-label={REPORTS_UI.reports}>
        {REPORT_NAMES.map((name) => (
          <Tabs.Tab key={name} value={name}>
            {REPORTS_UI.names[name]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {REPORT_NAMES.map((name) => (
        <Tabs.Panel key={name} value={name} pt="sm">
          {name === choice.report && (
            <Stack gap="sm">
              <ReportFiltersForm key={query.toString()} area={area} choice={choice} onApply={show} />
              <QueryState query={report}>
                {(answer) => (
                  <Stack gap="sm">
                    <Group justify="space-between" gap="xs" align="flex-end">
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', flex: '1 1 12rem' }} data-testid="report-applied">
                        {appliedText(answer.data.filters, answer.report)}
                      </Text>
                      <Button variant="default" loading={csv.isPending} onClick={() => csv.mutate(choice)}>
                        {REPORTS_UI.downloadCsv}
                      </Button>
                    </Group>
                    {csv.isSuccess && (
                      <Text size="xs" c="dimmed" role="status">
                        {fillLabel(REPORTS_UI.downloaded, { file: csv.data })}
                      </Text>
                    )}
                    {csv.isError && (
                      <Alert color="red" variant="light" role="alert">
                        {errorText(csv.error)}
                      </Alert>
                    )}
                    <ReportView answer={answer} />
                  </Stack>
                )}
              </QueryState>
            </Stack>
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
