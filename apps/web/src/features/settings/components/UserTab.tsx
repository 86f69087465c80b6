import { useState } from 'react';
import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { effectiveSignatureDefaults, type SignatureDefaults, type SignatureDefaultsLayer } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { useMySignatureDefaults, useSaveMyDefaults } from '../api.ts';
import { SignatureDefaultsFields } from './SignatureDefaultsFields.tsx';

/** What the user changed from their company's defaults: only that is theirs, the rest keeps following the company. */
export function ownLayer(chosen: SignatureDefaults, company: SignatureDefaults): SignatureDefaultsLayer {
  const layer: SignatureDefaultsLayer = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  for (const key of ['handwritten', 'chainingMode', 'level', 'language', 'contactFirstSignerBy', 'expiryDays'] as const) {
    if (!same(chosen[key], company[key])) Object.assign(layer, { [key]: chosen[key] });
  }
  for (const channel of ['mail', 'sms'] as const) {
    if (!same(chosen.reminders[channel], company.reminders[channel])) layer.reminders = { ...layer.reminders, [channel]: chosen.reminders[channel] };
  }
  for (const who of ['toRequester', 'toSigners', 'toObservers'] as const) {
    if (chosen.signedDocuments[who] !== company.signedDocuments[who]) layer.signedDocuments = { ...layer.signedDocuments, [who]: chosen.signedDocuments[who] };
  }
  return layer;
}

/** Tab User: the user's own defaults for new requests (in their additional data). */
export function UserTab() {
  const mine = useMySignatureDefaults();
  if (!mine.data) return <Loader size="sm" />;
  return <UserDefaultsForm defaults={mine.data.defaults} company={effectiveSignatureDefaults(mine.data.layers.tenant)} />;
}

function UserDefaultsForm({ defaults, company }: { defaults: SignatureDefaults; company: SignatureDefaults }) {
  const { t } = useTranslation('settings');
  const [value, setValue] = useState(defaults);
  const save = useSaveMyDefaults();
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('user.intro')}
        </Text>
        <SignatureDefaultsFields value={value} onChange={setValue} />
        <Group justify="flex-end">
          <Button
            variant="subtle"
            onClick={() =>
              save.mutate(
                {},
                {
                  onSuccess: () => {
                    setValue(company);
                    notify(t('user.resetDone'), 'success');
                  },
                },
              )
            }
          >
            {t('user.reset')}
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate(ownLayer(value, company), { onSuccess: () => notify(t('common.saved'), 'success') })}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
