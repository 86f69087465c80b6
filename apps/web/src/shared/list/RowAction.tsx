import type { ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';

/** A row's remove or cancel button (red, its label as tooltip and, with the row's name, as accessible name); the row's own click is not triggered. */
export function RowAction({ label, rowName, icon, onClick }: { label: string; rowName: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`${label} ${rowName}`}
        onClick={(e) => {
          e.stopPropagation();
          onClick();
        }}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
