import { Button, CopyButton } from '@mantine/core';

/** A small "Copy" button for a value to paste elsewhere (a DNS record, an address); says "Copied" for a moment. */
export function CopyValueButton({ value, copyLabel, copiedLabel }: { value: string; copyLabel: string; copiedLabel: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="compact-xs" variant="light" onClick={copy} aria-label={copyLabel}>
          {copied ? copiedLabel : copyLabel}
        </Button>
      )}
    </CopyButton>
  );
}
