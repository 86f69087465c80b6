import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The template editor's wait (its template, its files, its settings), announced to screen readers. */
export function EditorLoading() {
  const { t } = useTranslation('requestTemplates');
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('common.loading', { ns: 'common' })} />
    </Center>
  );
}
