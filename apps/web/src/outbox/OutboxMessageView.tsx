import { Anchor, Badge, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../common/format.ts';
import { useOutboxMessage } from './api.ts';
import { frameDocument, linkify } from './linkify.ts';

/** One captured mail or SMS: subject, text with clickable links, and the HTML in a sandboxed frame. */
export function OutboxMessageView({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const message = useOutboxMessage(id);
  if (message.isPending) return <Center py="xl"><Loader aria-label={t('common.loading')} /></Center>;
  if (message.isError) return <Text c="red">{t('errors.generic')}</Text>;
  const m = message.data;
  const text = (
    <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} aria-label={t('outbox.textPart')}>
      {linkify(m.text).map((part, index) =>
        part.kind === 'link' ? <Anchor key={index} href={part.value}>{part.value}</Anchor> : <span key={index}>{part.value}</span>,
      )}
    </Text>
  );
  return (
    <Stack>
      <Title order={3}>{m.subject ?? t('outbox.noSubject')}</Title>
      <Group gap="xs">
        <Badge variant="light">{t(`outbox.channels.${m.channel}`)}</Badge>
        <Badge variant="outline" color={m.status === 'failed' ? 'red' : m.status === 'queued' ? 'orange' : 'gray'}>{t(`outbox.statuses.${m.status}`)}</Badge>
        <Text size="sm">{t('outbox.to')}: {m.to}</Text>
        <Text size="sm" c="dimmed">{formatDateTime(m.createdAt, i18n.language)} · {m.template} · {m.language}</Text>
      </Group>
      {m.error ? (
        <Text size="sm" c="red">
          {t('outbox.lastError')}: {m.error}
        </Text>
      ) : null}
      {m.html ? (
        <Tabs defaultValue="html">
          <Tabs.List>
            <Tabs.Tab value="html">{t('outbox.htmlPart')}</Tabs.Tab>
            <Tabs.Tab value="text">{t('outbox.textPart')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="html" pt="sm">
            <iframe
              className="mail-frame"
              title={t('outbox.htmlPart')}
              sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
              srcDoc={frameDocument(m.html)}
            />
          </Tabs.Panel>
          <Tabs.Panel value="text" pt="sm">{text}</Tabs.Panel>
        </Tabs>
      ) : (
        text
      )}
    </Stack>
  );
}
