import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportRowReason } from '@paraphe/contracts';

const colors = { imported: 'teal', warning: 'orange', skipped: 'red' } as const;

/** A row's outcome (imported, imported with a warning, skipped) and, below it, its reasons in words. */
export function ImportOutcome({ outcome, reasons }: { outcome: keyof typeof colors; reasons: readonly ImportRowReason[] }) {
  const { t } = useTranslation('contacts');
  return (
    <Stack gap={2} align="flex-start" miw={200}>
      <Badge color={colors[outcome]} variant="light">
        {t(`import.outcomes.${outcome}`)}
      </Badge>
      {reasons.length > 0 && <Text size="xs">{reasons.map((reason) => t(`import.reasons.${reason}`)).join(' ')}</Text>}
    </Stack>
  );
}
