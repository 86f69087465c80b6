import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** What stops a save or a send, one line a problem (nothing when there is none). */
export function ProblemsAlert({ title, problems }: { title: string; problems: readonly { message: string }[] }) {
  if (!problems.length) return null;
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle size={18} />}>
      <List size="sm">
        {problems.map((p) => (
          <List.Item key={p.message}>{p.message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
