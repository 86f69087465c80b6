import { Center, Loader, Stack } from '@mantine/core';
import { useGdprSettings } from './api.ts';
import { RequestsHistory } from './components/RequestsHistory.tsx';
import { RetentionForm } from './components/RetentionForm.tsx';
import { ErasureForm, ExportForm } from './components/SubjectRequests.tsx';

/** The GDPR tab of settings/configuration (spec §2): retention periods, a person's export and erasure, their history. */
export function GdprSettingsTab() {
  const settings = useGdprSettings();
  if (!settings.data) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  return (
    <Stack>
      <RetentionForm settings={settings.data} />
      <ExportForm />
      <ErasureForm />
      <RequestsHistory />
    </Stack>
  );
}
