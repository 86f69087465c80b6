import { Paper, Text } from '@mantine/core';

/** One number with its label, a card of a grid (two per row at 360 px). */
export function Figure({ label, value, color }: { label: string; value: string | number; color?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" lh={1.3}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={color}>
        {value}
      </Text>
    </Paper>
  );
}
