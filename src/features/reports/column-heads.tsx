import { Table } from '@mantine/core';

/** A table's head row: one header per text, each announced as its column's (scope="col"). */
export function ColumnHeads({ heads }: { heads: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {heads.map((head) => (
          <Table.Th scope="col" key={head}>
            {head}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
