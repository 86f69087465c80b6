import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import type { MailSender, MailSenderStatus } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { notify, notifyApiError } from '../../../shared/api/notify.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useCheckMailSender, useMailSender, useRemoveMailSender, useSaveMailSender } from '../api.ts';
import { MailSenderRecords } from './MailSenderRecords.tsx';

type Values = { domain: string; address: string; displayName: string };
const statusColor: Record<MailSenderStatus, string> = { pending: 'yellow', verified: 'green', failed: 'red' };

/**
 * Settings → Parameters → Mail sender (docs/mail-senders.md): the tenant's own From address. Declared, it shows the
 * DKIM, SPF and DMARC records to publish and their state; "Check now" reads them; the DKIM record holding our key
 * verifies the domain, and mails then come from the tenant's address, DKIM-signed.
 */
export function MailSenderPanel({ appId }: { appId: string }) {
  const { t } = useTranslation('settings');
  const sender = useMailSender(appId);
  return (
    <Paper withBorder p="lg" radius="md" data-testid="mail-sender">
      <Stack>
        <Group justify="space-between">
          <Title order={4}>{t('mailSender.title')}</Title>
          {sender.data && (
            <Badge color={statusColor[sender.data.status]} variant="light" data-testid="mail-sender-status">
              {t(`mailSender.status.${sender.data.status}`)}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('mailSender.intro')}
        </Text>
        {sender.isPending && <Loader size="sm" />}
        {sender.isError && <Alert color="red">{t('mailSender.loadFailed')}</Alert>}
        {sender.isSuccess && <MailSenderForm appId={appId} sender={sender.data} />}
        {sender.data && <MailSenderState appId={appId} sender={sender.data} />}
      </Stack>
    </Paper>
  );
}

/** Domain, address and display name: declared once (the domain then stays: remove the sender to change it). */
function MailSenderForm({ appId, sender }: { appId: string; sender: MailSender | null }) {
  const { t } = useTranslation('settings');
  const save = useSaveMailSender(appId);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { domain: sender?.domain ?? '', address: sender?.address ?? '', displayName: sender?.displayName ?? '' },
  });
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.fields.length) {
      const domain = form.getValues().domain.trim().toLowerCase();
      form.setErrors(Object.fromEntries(error.fields.map((f) => [f.field, t(`mailSender.errors.${f.field}`, { domain, defaultValue: f.message })])));
    } else if (error instanceof ApiError && error.code === 'CONFLICT') setProblem(t(sender ? 'mailSender.errors.otherDomain' : 'mailSender.errors.taken'));
    else notifyApiError(error);
  };
  const submit = (v: Values) => {
    setProblem(null);
    save.mutate(
      { domain: v.domain, address: v.address, displayName: v.displayName.trim() || null },
      { onSuccess: () => notify(t(sender ? 'common.saved' : 'mailSender.declared'), 'success'), onError },
    );
  };
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('mailSender.domain')} placeholder="yourcompany.com" required disabled={!!sender} {...form.getInputProps('domain')} />
          <TextInput label={t('mailSender.address')} placeholder="contracts@yourcompany.com" required type="email" {...form.getInputProps('address')} />
          <TextInput
            label={t('mailSender.displayName')}
            description={t('mailSender.displayNameHelp')}
            placeholder={sender?.effectiveDisplayName}
            maxLength={100}
            {...form.getInputProps('displayName')}
          />
        </SimpleGrid>
        {problem && <Alert color="red">{problem}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} variant={sender ? 'default' : 'filled'}>
            {sender ? t('common.save') : t('mailSender.declare')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** How mails go now, the records and their state, why the domain is not verified, Check now and Remove. */
function MailSenderState({ appId, sender }: { appId: string; sender: MailSender }) {
  const { t, i18n } = useTranslation('settings');
  const check = useCheckMailSender(appId);
  const remove = useRemoveMailSender(appId);
  const dkim = sender.records.dkim;
  // The reason in the interface's language; the server's own words only for what it alone knows (a DNS failure).
  const reason =
    sender.status === 'verified'
      ? null
      : dkim.state === 'missing' || dkim.state === 'mismatch'
        ? t(`mailSender.reasons.${dkim.state}`, { name: dkim.name })
        : sender.lastError;
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t('mailSender.removeTitle'),
      children: <Text size="sm">{t('mailSender.removeConfirm', { platformFrom: sender.platformFrom })}</Text>,
      labels: { confirm: t('mailSender.remove'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(undefined, { onSuccess: () => notify(t('mailSender.removed'), 'success'), onError: notifyApiError }),
    });
  return (
    <Stack>
      <Alert color={sender.sending === 'own_address' ? 'green' : 'blue'} data-testid="mail-sender-sending">
        {t(`mailSender.sending.${sender.sending}`, { address: sender.address, name: sender.effectiveDisplayName, platformFrom: sender.platformFrom })}
      </Alert>
      <Text size="sm">{t('mailSender.publish')}</Text>
      <MailSenderRecords sender={sender} />
      <Text size="xs" c="dimmed">
        {t('mailSender.dnsHelp')}
      </Text>
      {reason && (
        <Alert color={sender.status === 'failed' ? 'red' : 'yellow'} data-testid="mail-sender-reason">
          {reason}
        </Alert>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {sender.lastCheckedAt ? t('mailSender.lastChecked', { date: formatDateTime(sender.lastCheckedAt, i18n.language) }) : t('mailSender.neverChecked')}
        </Text>
        <Group>
          <Button variant="subtle" color="red" onClick={confirmRemove} loading={remove.isPending}>
            {t('mailSender.remove')}
          </Button>
          <Button onClick={() => check.mutate(undefined, { onError: notifyApiError })} loading={check.isPending}>
            {t('mailSender.check')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
