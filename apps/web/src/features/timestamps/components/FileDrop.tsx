import { useRef, useState } from 'react';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';

type Props = {
  /** The button's text and the hidden input's label. */
  label: string;
  hint?: string;
  accept?: string;
  busy?: boolean;
  /** The chosen file's name, shown under the button. */
  chosen?: string | null;
  /** An optional second file: a lighter button. */
  secondary?: boolean;
  onFile: (file: File) => void;
};

/** A file chosen with the button or dropped on the zone (readable at 360 px: one column, wrapping text). */
export function FileDrop({ label, hint, accept, busy, chosen, secondary, onFile }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (file: File | undefined) => file && onFile(file);
  return (
    <Paper
      withBorder
      p="lg"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        take(e.dataTransfer.files[0]);
      }}
      style={{ borderStyle: 'dashed', background: over ? 'var(--mantine-color-blue-light)' : undefined, textAlign: 'center' }}
    >
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        aria-label={label}
        onChange={(e) => {
          take(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
      <Stack gap="xs" align="center">
        <Button leftSection={<IconUpload size={16} />} variant={secondary ? 'light' : 'filled'} loading={busy} onClick={() => input.current?.click()}>
          {label}
        </Button>
        {chosen ? (
          <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
            {chosen}
          </Text>
        ) : hint ? (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
