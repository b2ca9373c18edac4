import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** A profile's facts as a description list, so a screen reader announces each label with its value. */
export function DetailsList({ details }: { details: readonly Detail[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" m={0}>
      {details.map((detail) => (
        <div key={detail.label}>
          <Text component="dt" size="sm" c="gray.7" fw={600}>
            {detail.label}
          </Text>
          <Text component="dd" m={0}>
            {detail.value === '' || detail.value === null ? '—' : detail.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
