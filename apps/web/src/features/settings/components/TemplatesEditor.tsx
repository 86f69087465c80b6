import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  locales,
  messageTemplateKinds,
  smsTemplateKinds,
  templatePlaceholders,
  type Locale,
  type MessageTemplateKind,
  type TemplatePreview,
  type TenantSettings,
  type TenantTemplate,
  type TenantTemplates,
} from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { notify, notifyApiError } from '../../../shared/api/notify.ts';
import { languageNames } from '../../../shared/i18n/language.ts';
import { usePreviewTemplate, useSaveTemplates, useSendTestTemplate } from '../api.ts';

const emptyTemplate: TenantTemplate = { subject: '', body: '', sms: '' };

/** Field errors of a save or a preview, by field (the server names the unknown placeholders in its message). */
function fieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields.length) {
    notifyApiError(error);
    return {};
  }
  return Object.fromEntries(error.fields.map((f) => [f.field.split('.').at(-1)!, f.message]));
}

/**
 * The tenant's wording of its mails per kind and language (docs/settings.md "Templates"): the placeholders it may
 * use beside the editor, a server-rendered preview, "send me a test".
 */
export function TemplatesEditor({ settings }: { settings: TenantSettings }) {
  const { t, i18n } = useTranslation('settings');
  const [kind, setKind] = useState<MessageTemplateKind>('invitation');
  const [language, setLanguage] = useState<Locale>((locales as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'fr');
  const [templates, setTemplates] = useState<TenantTemplates>(settings.templates);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<TemplatePreview | null>(null);
  const save = useSaveTemplates(settings.appId);
  const render = usePreviewTemplate(settings.appId);
  const test = useSendTestTemplate(settings.appId);
  const current = templates[kind]?.[language] ?? emptyTemplate;
  const withSms = smsTemplateKinds.includes(kind);

  const edit = (part: keyof TenantTemplate, value: string) => {
    setTemplates({ ...templates, [kind]: { ...templates[kind], [language]: { ...current, [part]: value } } });
    setErrors({});
    setPreview(null);
  };
  const choose = (next: { kind?: MessageTemplateKind; language?: Locale }) => {
    if (next.kind) setKind(next.kind);
    if (next.language) setLanguage(next.language);
    setErrors({});
    setPreview(null);
  };
  const sendTest = (channel: 'email' | 'sms') =>
    test.mutate(
      { kind, language, channel },
      { onSuccess: (sent) => notify(t('templates.testSent', { to: sent.to }), 'success'), onError: (error) => setErrors(fieldMessages(error)) },
    );

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={4}>{t('templates.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('templates.intro')}
        </Text>
        <Group grow>
          <Select
            label={t('templates.kind')}
            allowDeselect={false}
            value={kind}
            onChange={(v) => v && choose({ kind: v as MessageTemplateKind })}
            data={messageTemplateKinds.map((k) => ({ value: k, label: t(`templates.kinds.${k}`) }))}
          />
          <Select
            label={t('templates.language')}
            allowDeselect={false}
            value={language}
            onChange={(v) => v && choose({ language: v as Locale })}
            data={locales.map((l) => ({ value: l, label: languageNames[l] }))}
          />
        </Group>
        <Group gap={6}>
          <Text size="sm">{t('templates.placeholders')}</Text>
          {templatePlaceholders[kind].map((p) => (
            <Badge key={p} variant="light" tt="none">{`\${${p}}`}</Badge>
          ))}
        </Group>
        <TextInput label={t('templates.subject')} value={current.subject} error={errors.subject} onChange={(e) => edit('subject', e.currentTarget.value)} />
        <Textarea
          label={t('templates.body')}
          autosize
          minRows={4}
          value={current.body}
          error={errors.body}
          onChange={(e) => edit('body', e.currentTarget.value)}
        />
        {withSms && (
          <Textarea
            label={t('templates.sms')}
            description={t('templates.smsHelp')}
            autosize
            minRows={2}
            maxLength={320}
            value={current.sms}
            error={errors.sms}
            onChange={(e) => edit('sms', e.currentTarget.value)}
          />
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            loading={render.isPending}
            onClick={() => render.mutate({ kind, language, template: current }, { onSuccess: setPreview, onError: (error) => setErrors(fieldMessages(error)) })}
          >
            {t('templates.preview')}
          </Button>
          <Button variant="default" loading={test.isPending} onClick={() => sendTest('email')}>
            {t('templates.sendTest')}
          </Button>
          {withSms && (
            <Button variant="default" loading={test.isPending} onClick={() => sendTest('sms')}>
              {t('templates.sendTestSms')}
            </Button>
          )}
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate(templates, { onSuccess: () => notify(t('common.saved'), 'success'), onError: (error) => setErrors(fieldMessages(error)) })
            }
          >
            {t('templates.save')}
          </Button>
        </Group>
        {preview && <TemplatePreviewPane preview={preview} />}
      </Stack>
    </Paper>
  );
}

/** The server's rendering: the HTML in a sandboxed frame (no script, no same origin), the SMS as text. */
function TemplatePreviewPane({ preview }: { preview: TemplatePreview }) {
  const { t } = useTranslation('settings');
  return (
    <Stack gap="xs">
      <Text fw={600}>{preview.subject}</Text>
      <iframe
        title={t('templates.preview')}
        sandbox=""
        srcDoc={preview.html}
        style={{ width: '100%', height: 360, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}
      />
      {preview.sms !== null && (
        <Alert variant="light" title={`${t('templates.sms')} — ${t('templates.smsLength', { count: preview.smsLength ?? 0 })}`}>
          {preview.sms}
        </Alert>
      )}
    </Stack>
  );
}
