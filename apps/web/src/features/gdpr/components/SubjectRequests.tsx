import { Button, Group, List, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gdprSubjectInputSchema, type GdprBlockingRequest } from '@paraphe/contracts';
import { isApiError } from '../../../shared/api/apiError.ts';
import { notify } from '../../../shared/api/notify.ts';
import { schemaValidator, showFormError } from '../../../shared/forms/formErrors.ts';
import { useSubjectRequest } from '../api.ts';

/** A subject access request: the zip's link is mailed to the user who asks, never to the person. */
export function ExportForm() {
  const { t } = useTranslation('gdpr');
  const request = useSubjectRequest('export');
  const form = useForm({ initialValues: { email: '' }, validate: schemaValidator(gdprSubjectInputSchema, t) });
  const submit = form.onSubmit(({ email }) =>
    request.mutate(email, {
      onSuccess: () => {
        notify(t('export.queued'), 'success');
        form.reset();
      },
      onError: (error) => showFormError(form, error, t),
    }),
  );
  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        <div>
          <Title order={3}>{t('export.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('export.help')}
          </Text>
        </div>
        <Group align="flex-end">
          <TextInput label={t('email')} type="email" required style={{ flex: 1 }} {...form.getInputProps('email')} />
          <Button type="submit" loading={request.isPending}>
            {t('export.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The requests in progress an erasure waits for (409 details.requests). */
function blockingOf(error: unknown): GdprBlockingRequest[] | null {
  if (!isApiError(error, 'CONFLICT')) return null;
  return (error.details.requests as GdprBlockingRequest[] | undefined) ?? [];
}

/** An erasure, after a confirmation that says what goes and what stays. */
export function ErasureForm() {
  const { t } = useTranslation('gdpr');
  const erase = useSubjectRequest('erase');
  const [opened, { open, close }] = useDisclosure(false);
  const [blocking, setBlocking] = useState<GdprBlockingRequest[] | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: schemaValidator(gdprSubjectInputSchema, t) });
  const confirm = () =>
    erase.mutate(form.values.email, {
      onSuccess: (done) => {
        close();
        setBlocking(null);
        form.reset();
        notify(t('erasure.done', { contacts: done.counts?.contacts ?? 0, signers: done.counts?.signers ?? 0 }), 'success');
      },
      onError: (error) => {
        close();
        const requests = blockingOf(error);
        if (requests) setBlocking(requests);
        else showFormError(form, error, t);
      },
    });

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={form.onSubmit(open)} noValidate>
      <Stack>
        <div>
          <Title order={3}>{t('erasure.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('erasure.help')}
          </Text>
        </div>
        <Group align="flex-end">
          <TextInput label={t('email')} type="email" required style={{ flex: 1 }} {...form.getInputProps('email')} />
          <Button type="submit" color="red" variant="light">
            {t('erasure.submit')}
          </Button>
        </Group>
        {blocking && (
          <Stack gap={4} role="alert">
            <Text c="red" size="sm">
              {t('erasure.blocked', { count: blocking.length })}
            </Text>
            <List size="sm">
              {blocking.map((r) => (
                <List.Item key={r.id}>
                  {r.label} ({r.status})
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
      <Modal opened={opened} onClose={close} title={t('erasure.confirmTitle')}>
        <Stack>
          <Text size="sm">{t('erasure.confirmText', { email: form.values.email })}</Text>
          <Text size="sm" c="dimmed">
            {t('erasure.kept')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button color="red" loading={erase.isPending} onClick={confirm}>
              {t('erasure.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
