import type { ReactNode } from 'react';
import { Anchor, Center, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = { title: string; text?: string; icon?: ReactNode; children?: ReactNode };

/** One message in place of the documents (invalid link, not your turn, thank you…). */
export function SigningMessage({ title, text, icon, children }: Props) {
  return (
    <Center py="lg">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" maw={560} w="100%">
        <Stack align="center" ta="center" gap="sm">
          {icon}
          <Title order={1} fz="h2">
            {title}
          </Title>
          {text && <Text c="dimmed">{text}</Text>}
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** The signed documents, once the whole request is complete. */
export function SignedDownloads({ files }: { files: { id: string; title: string; url: string }[] }) {
  const { t } = useTranslation('signing');
  if (files.length === 0) return null;
  return (
    <Stack gap={4} w="100%" ta="left">
      <Text fw={600}>{t('downloads.title')}</Text>
      <List spacing={4} icon={<IconDownload size={16} aria-hidden />} center>
        {files.map((file) => (
          <List.Item key={file.id}>
            <Anchor href={file.url} download>
              {t('downloads.item', { title: file.title })}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
