import { Anchor, Badge, Button, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { notify } from '../../../shared/api/notify.ts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { useOutboxMessage, useResendMessages } from '../api.ts';
import { frameDocument, linkify } from '../linkify.ts';

/** One captured mail or SMS: subject, text with clickable links, and the HTML in a sandboxed frame. */
export function OutboxMessageView({ id }: { id: string }) {
  const { t, i18n } = useTranslation('outbox');
  const message = useOutboxMessage(id);
  const resend = useResendMessages();
  if (message.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  if (message.isError) return <Text c="red">{t('errors.generic')}</Text>;
  const m = message.data;
  const text = (
    <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} role="region" aria-label={t('textPart')}>
      {linkify(m.text).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor key={index} href={part.value}>
            {part.value}
          </Anchor>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </Text>
  );
  return (
    <Stack>
      <Title order={3}>{m.subject ?? t('noSubject')}</Title>
      <Group gap="xs">
        <Badge variant="light">{t(`channels.${m.channel}`)}</Badge>
        <Badge variant="outline" color={m.status === 'failed' ? 'red' : m.status === 'retrying' || m.status === 'queued' ? 'orange' : 'gray'}>
          {t(`statuses.${m.status}`)}
        </Badge>
        <Text size="sm">
          {t('to')}: {m.to}
        </Text>
        <Text size="sm" c="dimmed">
          {formatDateTime(m.createdAt, i18n.language)} · {m.template} · {m.language}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t('attempts', { count: m.attemptCount })}
        {m.lastAttemptAt ? ` · ${t('lastAttemptAt')}: ${formatDateTime(m.lastAttemptAt, i18n.language)}` : ''}
        {m.nextAttemptAt ? ` · ${t('nextAttemptAt')}: ${formatDateTime(m.nextAttemptAt, i18n.language)}` : ''}
        {m.sentAt ? ` · ${t('sentAt')}: ${formatDateTime(m.sentAt, i18n.language)}` : ''}
      </Text>
      {m.error ? (
        <Text size="sm" c="red">
          {t('lastError')}: {m.error}
        </Text>
      ) : null}
      {m.status === 'failed' || m.status === 'retrying' ? (
        <Group>
          <Button size="xs" loading={resend.isPending} onClick={() => resend.mutate(m.id, { onSuccess: () => notify(t('resentOne'), 'success') })}>
            {t('resendNow')}
          </Button>
        </Group>
      ) : null}
      {m.html ? (
        <Tabs defaultValue="html">
          <Tabs.List>
            <Tabs.Tab value="html">{t('htmlPart')}</Tabs.Tab>
            <Tabs.Tab value="text">{t('textPart')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="html" pt="sm">
            <iframe
              className="mail-frame"
              title={t('htmlPart')}
              sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
              srcDoc={frameDocument(m.html)}
            />
          </Tabs.Panel>
          <Tabs.Panel value="text" pt="sm">
            {text}
          </Tabs.Panel>
        </Tabs>
      ) : (
        text
      )}
    </Stack>
  );
}
