import { Table, type TableProps, type TableTdProps } from "@mantine/core";
import type { ReactNode } from "react";

export type Column<Row> = {
  head: ReactNode;
  cell: (row: Row) => ReactNode;
  /** A column of numbers, set flush right so the digits line up. */
  numeric?: boolean;
  /** More props for the column's body cells. */
  td?: TableTdProps;
};

/**
 * A team tool's table: one header row and a row per item, striped, scrolling
 * sideways below `minWidth`; `empty` stands in its place when there are no rows.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowTestId,
  minWidth,
  empty,
  ...props
}: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  rowTestId?: string;
  minWidth?: number;
  empty?: ReactNode;
} & Omit<TableProps, "data">) {
  if (rows.length === 0 && empty !== undefined) return empty;
  const table = (
    <Table striped {...props}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => (
            <Table.Th key={index} ta={column.numeric ? "right" : undefined}>
              {column.head}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
            {columns.map((column, index) => (
              <Table.Td
                key={index}
                ta={column.numeric ? "right" : undefined}
                {...column.td}
              >
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return minWidth ? (
    <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>
  ) : (
    table
  );
}
