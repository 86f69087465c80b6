import { useState } from 'react';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiKeyScopes, type ApiKeyScope } from '@paraphe/contracts';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { useCreateApiKey } from '../api.ts';

/** A new key: label, scopes, optional expiry; `onCreated` receives the secret (shown once by the caller). */
export function CreateApiKeyForm({ onCreated, onCancel }: { onCreated: (secret: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('apikeys');
  const create = useCreateApiKey();
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [expiresAt, setExpiresAt] = useState('');
  const submit = () =>
    create.mutate({ label, scopes, expiresAt: expiresAt || null }, { onSuccess: (created) => onCreated(created.secret), onError: notifyApiError });
  return (
    <Stack gap="sm">
      <TextInput label={t('form.label')} required maxLength={100} value={label} onChange={(e) => setLabel(e.currentTarget.value)} />
      <Checkbox.Group label={t('form.scopes')} required value={scopes} onChange={(v) => setScopes(v as ApiKeyScope[])}>
        <Stack gap={4} mt={4}>
          {apiKeyScopes.map((scope) => (
            <Checkbox key={scope} value={scope} label={t(`scopes.${scope}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <TextInput
        type="date"
        label={t('form.expiresAt')}
        description={t('form.expiresAtHint')}
        value={expiresAt}
        onChange={(e) => setExpiresAt(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={create.isPending} disabled={!label.trim() || scopes.length === 0}>
          {t('form.create')}
        </Button>
      </Group>
    </Stack>
  );
}
