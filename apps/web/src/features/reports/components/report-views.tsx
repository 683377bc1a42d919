import { Card, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { DiscrepanciesReport, ExpiryReport, LedgerReport, ProductivityReport, StockReport } from '@pharma/domain/contract/reports';
import { fillLabel, REPORTS_UI } from '../../../config/labels.ts';
import type { ReportAnswer } from '../api/reports-api.ts';
import {
  bucketName,
  completedText,
  DISCREPANCY_COLUMNS,
  documentName,
  EXPIRY_COLUMNS,
  formatCount,
  LEDGER_COLUMNS,
  PRODUCTIVITY_COLUMNS,
  STOCK_COLUMNS,
  USER_COLUMNS,
} from '../report-columns.ts';
import { ExpiryChart, LedgerChart, ProductivityChart } from './report-charts.tsx';
import { ReportTable } from './report-table.tsx';

/** A report's answer as its tables, or in words that nothing matched. */
export function ReportView({ answer }: { answer: ReportAnswer }) {
  switch (answer.report) {
    case 'expiry':
      return <ExpiryView report={answer.data} />;
    case 'stock':
      return <StockView report={answer.data} />;
    case 'ledger':
      return <LedgerView report={answer.data} />;
    case 'discrepancies':
      return <DiscrepanciesView report={answer.data} />;
    case 'productivity':
      return <ProductivityView report={answer.data} />;
  }
}

function Empty({ text }: { text: string }) {
  return (
    <Text c="dimmed" py="md" data-testid="report-empty">
      {text}
    </Text>
  );
}

const key = (...parts: (string | number | null)[]) => parts.map((p) => p ?? '').join('|');

/**
 * The packs per bucket of days left as bars, their figures in a small row below; then a line per
 * warehouse, material and batch.
 */
function ExpiryView({ report }: { report: ExpiryReport }) {
  if (report.lines.length === 0) return <Empty text={REPORTS_UI.empty.expiry} />;
  return (
    <Stack gap="sm">
      <ExpiryChart report={report} />
      <Group gap="xs" component="section" aria-label={REPORTS_UI.buckets}>
        {report.buckets.map((b) => (
          <Paper key={b.bucket} withBorder px="xs" py={4} role="group" aria-label={bucketName(b.bucket)}>
            <Text size="xs" c="dimmed">
              {bucketName(b.bucket)}
            </Text>
            <Text fw={700} data-testid="bucket-packs">
              {formatCount(b.packs)}
            </Text>
          </Paper>
        ))}
      </Group>
      <ReportTable
        label={REPORTS_UI.lines}
        columns={EXPIRY_COLUMNS}
        rows={report.lines}
        rowKey={(l) => key(l.warehouseNo, l.materialNo, l.batchNo, l.expiry)}
      />
    </Stack>
  );
}

/** A line per warehouse, material, batch and status; the totals below. */
function StockView({ report }: { report: StockReport }) {
  if (report.lines.length === 0) return <Empty text={REPORTS_UI.empty.stock} />;
  const { totals } = report;
  return (
    <ReportTable
      label={REPORTS_UI.lines}
      columns={STOCK_COLUMNS}
      rows={report.lines}
      rowKey={(l) => key(l.warehouseNo, l.materialNo, l.batchNo, l.status)}
      footer={
        <Table.Tr data-testid="stock-totals">
          <Table.Th colSpan={STOCK_COLUMNS.length - 3}>{REPORTS_UI.total}</Table.Th>
          {[totals.packs, totals.cartons, totals.pallets].map((n, i) => (
            <Table.Th key={i} ta="right">
              {formatCount(n)}
            </Table.Th>
          ))}
        </Table.Tr>
      }
    />
  );
}

/**
 * The stock at the end of each day as a line; then a line per warehouse, material and batch: the packs
 * at the start of the period, each kind of movement, and at its end.
 */
function LedgerView({ report }: { report: LedgerReport }) {
  if (report.lines.length === 0) return <Empty text={REPORTS_UI.empty.ledger} />;
  return (
    <Stack gap="sm">
      {report.days.length > 0 && <LedgerChart report={report} />}
      <ReportTable
        label={REPORTS_UI.lines}
        columns={LEDGER_COLUMNS}
        rows={report.lines}
        rowKey={(l) => key(l.warehouseNo, l.materialNo, l.batchNo)}
      />
    </Stack>
  );
}

/** Each document that was short or over: its name, warehouse, who completed it and when, and the lines that differ. */
function DiscrepanciesView({ report }: { report: DiscrepanciesReport }) {
  if (report.documents.length === 0) return <Empty text={REPORTS_UI.empty.discrepancies} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {fillLabel(REPORTS_UI.documents, { count: String(report.documents.length) })}
      </Text>
      {report.documents.map((d) => {
        const name = documentName(d.docType, d.docNo);
        return (
          <Card key={key(d.docType, d.docNo)} withBorder padding="xs" component="article" aria-label={name}>
            <Stack gap={4}>
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {fillLabel(REPORTS_UI.document, { name, warehouseNo: d.warehouseNo })}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {completedText(d.completedAt, d.completedBy)}
              </Text>
              <ReportTable
                label={`${name} ${REPORTS_UI.lines}`}
                columns={DISCREPANCY_COLUMNS}
                rows={d.lines}
                rowKey={(l) => String(l.lineNo)}
              />
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

/** The scans per hour as bars, accepted and refused; the table per hour, user and document type; then each user's over the period. */
function ProductivityView({ report }: { report: ProductivityReport }) {
  if (report.rows.length === 0) return <Empty text={REPORTS_UI.empty.productivity} />;
  return (
    <Stack gap="sm">
      <Text fw={700}>{REPORTS_UI.perHour}</Text>
      <ProductivityChart report={report} />
      <ReportTable
        label={REPORTS_UI.perHour}
        columns={PRODUCTIVITY_COLUMNS}
        rows={report.rows}
        rowKey={(r) => key(r.hour, r.user, r.docType)}
      />
      <Text fw={700}>{REPORTS_UI.perUser}</Text>
      <ReportTable label={REPORTS_UI.perUser} columns={USER_COLUMNS} rows={report.users} rowKey={(r) => r.user} />
    </Stack>
  );
}
