import type { ReactNode } from 'react';
import { Alert, Box, Container, Group, Image, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../../shared/i18n/LanguageMenu.tsx';
import { useEmbedMode } from '../embed/embedMode.ts';

type Props = { company?: string; logoUrl?: string | null; testMode?: boolean; children: ReactNode };

/** White-label frame of the signing page: the tenant's name (and logo), never the product's. */
export function SigningLayout({ company, logoUrl, testMode = false, children }: Props) {
  const { t } = useTranslation('signing');
  // Embedded: as tall as its content (the frame follows the `resized` events), and the framing page may show its
  // own header instead (command hideChrome, docs/embedding.md).
  const { active: embedded, hideChrome } = useEmbedMode();
  return (
    <Box mih={embedded ? undefined : '100vh'} bg="var(--mantine-color-gray-0)">
      {!hideChrome && (
        <Group
          component="header"
          justify="space-between"
          px="md"
          py="sm"
          wrap="nowrap"
          bg="white"
          style={{ borderBottom: '3px solid var(--mantine-color-brand-6)' }}
        >
          <Group gap="sm" wrap="nowrap" miw={0}>
            {logoUrl && <Image src={logoUrl} alt="" h={32} w="auto" fit="contain" />}
            <Text fw={700} fz="lg" truncate>
              {company ?? ''}
            </Text>
          </Group>
          <LanguageMenu />
        </Group>
      )}
      {testMode && (
        <Alert color="orange.6" variant="filled" autoContrast radius={0} icon={<IconFlask size={20} />} role="note">
          {t('testMode')}
        </Alert>
      )}
      <Container component="main" size="md" px={{ base: 'xs', sm: 'md' }} py="lg">
        {children}
      </Container>
    </Box>
  );
}
