import { Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStampAccounts } from '../api.ts';
import { SealForm } from '../components/SealForm.tsx';
import { StampAccounts } from '../components/StampAccounts.tsx';
import { StampHistory } from '../components/StampHistory.tsx';

/** `cachet/new` (spec §2): seal a file with the company seal, the sealed files, the stamp accounts. */
export function StampPage() {
  const { t } = useTranslation('stamps');
  const accounts = useStampAccounts();
  return (
    <Stack>
      <Title order={2}>{t('title')}</Title>
      {!accounts.data ? (
        <Loader />
      ) : (
        <>
          <SealForm accounts={accounts.data} />
          <StampHistory />
          <StampAccounts accounts={accounts.data} />
        </>
      )}
    </Stack>
  );
}
