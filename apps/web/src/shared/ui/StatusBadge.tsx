import { Badge } from '@mantine/core';

/**
 * The colour of a bulk status, the same word alike in campaigns, operations and their rows: waiting grey, on its
 * way cyan/blue, done green, refused or failed red, expired orange, canceled dark.
 */
const statusColors: Record<string, string> = {
  draft: 'gray',
  queued: 'gray',
  beforeSend: 'gray',
  deleted: 'gray',
  pending: 'cyan',
  opened: 'cyan',
  ready: 'blue',
  sent: 'blue',
  completed: 'green',
  signed: 'green',
  failed: 'red',
  refused: 'red',
  expired: 'orange',
  canceled: 'dark',
};

/** A holder's status (`size` sm: one of its rows'), in its colour. */
export function StatusBadge({ status, label, size }: { status: string; label: string; size?: 'sm' }) {
  return (
    <Badge color={statusColors[status]} variant="light" size={size}>
      {label}
    </Badge>
  );
}
