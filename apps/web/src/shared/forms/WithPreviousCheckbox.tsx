import { Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = { checked: boolean; onChange: (checked: boolean) => void; size?: string };

/** "Signs at the same time as the previous participant" (one parallel step: shared/forms/steps.ts). */
export function WithPreviousCheckbox({ checked, onChange, size }: Props) {
  const { t } = useTranslation();
  return <Checkbox size={size} label={t('steps.withPrevious')} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />;
}
