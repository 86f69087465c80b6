import { useState } from 'react';
import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The workbook's visible sheets, in order. */
  sheets: readonly string[] | undefined;
  /** The sheet read now (the one the workbook opens on until the user picks another). */
  current: string | null | undefined;
  /** Reads the file again from this sheet (every import sends the file again with `sheet`). */
  onPick: (sheet: string) => Promise<unknown>;
};

/**
 * Which sheet of a workbook an import reads (contacts, campaign signatories, operation orders): shown only when the
 * workbook has several; by default the sheet the workbook opens on (its active sheet).
 */
export function SheetPicker({ sheets, current, onPick }: Props) {
  const { t } = useTranslation();
  const [reading, setReading] = useState(false);
  if (!sheets || sheets.length < 2) return null;
  const pick = (sheet: string | null) => {
    if (!sheet || sheet === current) return;
    setReading(true);
    void onPick(sheet).finally(() => setReading(false));
  };
  return (
    <div>
      <Select label={t('sheetPicker.label')} data={[...sheets]} value={current ?? null} onChange={pick} allowDeselect={false} disabled={reading} w={320} />
      <Text size="xs" c="dimmed" mt={4}>
        {t('sheetPicker.help', { count: sheets.length })}
      </Text>
    </div>
  );
}
