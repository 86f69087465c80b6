import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { packs } from '@paraphe/contracts';

/** The pack of an application (spec §3: free, small, medium, large), labelled in the interface language. */
export function PackSelect(props: Omit<SelectProps, 'data' | 'label'>) {
  const { t } = useTranslation('applications');
  return <Select label={t('pack')} allowDeselect={false} data={packs.map((p) => ({ value: p, label: t(`packs.${p}`) }))} {...props} />;
}
