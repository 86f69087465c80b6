import { useState } from 'react';
import { Alert, Button, FileInput, Paper, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconPaperclip } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { helpAttachmentMaxBytes, helpAttachmentTypes, helpCategories, helpRequestInputSchema, type HelpCategory, type HelpRequest } from '@paraphe/contracts';
import { lastRequestIds } from '../../../shared/api/client.ts';
import { schemaValidator, showFormError } from '../../../shared/forms/formErrors.ts';
import { useSendHelpRequest } from '../api.ts';

type Values = { subject: string; category: HelpCategory; message: string; attachment: File | null };

/** What the browser adds on its own (spec: the user's context goes with the request). */
function clientContext(from: string | null) {
  return {
    route: (from ?? window.location.hash.replace(/^#/, '')).slice(0, 500),
    userAgent: navigator.userAgent.slice(0, 500),
    appVersion: String(import.meta.env.VITE_APP_VERSION ?? 'dev'),
    requestIds: lastRequestIds().slice(0, 5),
  };
}

/** `help`: a help request to the product administrator and the account's support address. */
export function HelpPage() {
  const { t } = useTranslation('support');
  const [searchParams] = useSearchParams();
  const send = useSendHelpRequest();
  const [sent, setSent] = useState<HelpRequest | null>(null);
  const toInput = (values: Values) => ({
    subject: values.subject,
    category: values.category,
    message: values.message,
    context: clientContext(searchParams.get('from')),
  });
  const form = useForm<Values>({
    initialValues: { subject: '', category: 'question', message: '', attachment: null },
    validate: (values) => {
      const errors = schemaValidator(helpRequestInputSchema, t, toInput)(values);
      if (values.attachment && values.attachment.size > helpAttachmentMaxBytes) errors.attachment = t('validation.file_too_big', { maxsize: '5 MB' });
      return errors;
    },
  });
  const submit = form.onSubmit((values) =>
    send.mutate(
      { input: toInput(values), attachment: values.attachment },
      {
        onSuccess: (request) => {
          setSent(request);
          form.reset();
        },
        onError: (error) => showFormError(form, error, t, { INVALID_FILE_TYPE: 'attachment', FILE_TOO_LARGE: 'attachment' }),
      },
    ),
  );

  return (
    <Stack maw={720}>
      <Title order={2}>{t('screens.help')}</Title>
      <Text c="dimmed">{t('help.intro')}</Text>
      {sent && (
        <Alert color="teal" icon={<IconCheck size={18} />} title={t('help.sentTitle')} withCloseButton onClose={() => setSent(null)}>
          {sent.supportEmail ? t('help.sentWithSupport', { email: sent.supportEmail }) : t('help.sent')}
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        <form noValidate onSubmit={submit}>
          <Stack>
            <TextInput label={t('help.subject')} required maxLength={200} {...form.getInputProps('subject')} />
            <Select
              label={t('help.category')}
              required
              allowDeselect={false}
              data={helpCategories.map((c) => ({ value: c, label: t(`help.categories.${c}`) }))}
              {...form.getInputProps('category')}
            />
            <Textarea label={t('help.message')} required autosize minRows={5} maxLength={5000} {...form.getInputProps('message')} />
            <FileInput
              label={t('help.attachment')}
              description={t('help.attachmentHint')}
              accept={helpAttachmentTypes.join(',')}
              clearable
              leftSection={<IconPaperclip size={16} />}
              {...form.getInputProps('attachment')}
            />
            <Text size="xs" c="dimmed">
              {t('help.contextNote')}
            </Text>
            <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('help.send')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
