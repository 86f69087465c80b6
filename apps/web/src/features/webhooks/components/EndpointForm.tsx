import { Button, Checkbox, Group, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { webhookEndpointCreateSchema, webhookEventTypes, type WebhookEndpoint, type WebhookEventType } from '@paraphe/contracts';
import { useTranslation } from 'react-i18next';
import { schemaValidator, showFormError } from '../../../shared/forms/formErrors.ts';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from '../api.ts';

interface Values {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

/** Create (answers the secret, shown once by the caller) or edit an endpoint: its URL, description, events. */
export function EndpointForm({ endpoint, onCreated, onSaved }: { endpoint?: WebhookEndpoint; onCreated: (secret: string) => void; onSaved: () => void }) {
  const { t } = useTranslation('webhooks');
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const form = useForm<Values>({
    initialValues: {
      url: endpoint?.url ?? 'https://',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? [],
      enabled: endpoint?.enabled ?? true,
    },
    validate: schemaValidator(webhookEndpointCreateSchema, t),
  });
  const events = form.values.events;
  const submit = form.onSubmit((values) => {
    const onError = (error: unknown) => showFormError(form, error, t);
    if (endpoint) update.mutate({ id: endpoint.id, body: values }, { onSuccess: onSaved, onError });
    else create.mutate(values, { onSuccess: (answer) => onCreated(answer.data.secret), onError });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('form.url')} description={t('form.urlHelp')} required {...form.getInputProps('url')} />
        <Textarea label={t('form.description')} autosize minRows={1} maxRows={4} {...form.getInputProps('description')} />
        <Checkbox.Group
          label={t('form.events')}
          required
          value={events}
          onChange={(value) => form.setFieldValue('events', value as WebhookEventType[])}
          error={form.errors.events}
        >
          <Checkbox
            my="xs"
            label={t('form.all')}
            checked={events.length === webhookEventTypes.length}
            indeterminate={events.length > 0 && events.length < webhookEventTypes.length}
            onChange={(e) => form.setFieldValue('events', e.currentTarget.checked ? [...webhookEventTypes] : [])}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {webhookEventTypes.map((type) => (
              <Checkbox key={type} value={type} label={t(`events.${type}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Switch label={t('form.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending || update.isPending}>
            {endpoint ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
