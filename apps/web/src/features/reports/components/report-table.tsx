import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
import type { Column } from '../report-columns.ts';

/**
 * A report's table. Its cells keep to one line, so a wide table scrolls sideways in its own box (a
 * focusable region, for the keyboard) and the page never grows wider than the screen; figures align right.
 */
export function ReportTable<T>({
  label,
  columns,
  rows,
  rowKey,
  footer,
}: {
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  footer?: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={0} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table aria-label={label} striped highlightOnHover horizontalSpacing="xs" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.numeric ? 'right' : undefined}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row, index)}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.numeric ? 'right' : undefined}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {footer && <Table.Tfoot>{footer}</Table.Tfoot>}
      </Table>
    </Table.ScrollContainer>
  );
}
