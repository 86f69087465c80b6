import { useState } from 'react';
import { Alert, Badge, Button, Code, CopyButton, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { directLinkRules, type DirectLink, type DirectLinkSettingsInput, type RequestTemplate } from '@paraphe/contracts';
import { isApiError } from '../../../shared/api/apiError.ts';
import { useDirectLink, usePublishDirectLink } from '../api.ts';

const settingsOf = (link: DirectLink | null): DirectLinkSettingsInput => ({
  enabled: link?.enabled ?? false,
  maxUses: link?.maxUses ?? null,
  expiresAt: link?.expiresAt ?? null,
  perIpPerHour: link?.perIpPerHour ?? directLinkRules.defaultPerIpPerHour,
  perAddressPerDay: link?.perAddressPerDay ?? directLinkRules.defaultPerAddressPerDay,
});
const numberOrNull = (value: string | number) => (typeof value === 'number' ? value : null);

/**
 * The template's direct link (docs/templates.md, "Direct links"): a public address where a visitor takes the first
 * role. Switched on and off at once; the limits are saved with "Save the limits".
 */
export function DirectLinkPanel({ template }: { template: RequestTemplate }) {
  const link = useDirectLink(template.id);
  if (link.isPending || link.isError) return null;
  return <LinkSettings key={link.data?.updatedAt ?? 'none'} template={template} link={link.data} />;
}

function LinkSettings({ template, link }: { template: RequestTemplate; link: DirectLink | null }) {
  const { t } = useTranslation('requestTemplates');
  const publish = usePublishDirectLink(template.id);
  const [settings, setSettings] = useState(() => settingsOf(link));
  const save = (next: DirectLinkSettingsInput) => publish.mutate(next);
  const error = publish.error ? (isApiError(publish.error) ? (publish.error.fields[0]?.message ?? publish.error.message) : t('errors.failed')) : null;
  const expiryDay = settings.expiresAt?.slice(0, 10) ?? '';
  return (
    <Paper component="section" aria-label={t('directLink.title')} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('directLink.title')}
          </Title>
          {link && (
            <Badge color={link.live ? 'teal' : 'gray'} variant="light">
              {link.live ? t('directLink.live') : t('directLink.notLive')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('directLink.help', { role: template.roles[0]?.name ?? '' })}
        </Text>
        <Switch
          label={t('directLink.enabled')}
          checked={link?.enabled ?? false}
          disabled={!template.editable || publish.isPending}
          onChange={(e) => save({ ...settings, enabled: e.currentTarget.checked })}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {link && (
          <>
            <Group gap="xs" wrap="nowrap">
              <Code style={{ overflowWrap: 'anywhere' }} data-testid="direct-link-url">
                {link.url}
              </Code>
              <CopyButton value={link.url}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy} color={copied ? 'teal' : undefined}>
                    {copied ? t('directLink.copied') : t('directLink.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm">{t('directLink.uses', { count: link.useCount, max: link.maxUses ?? '∞' })}</Text>
          </>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t('directLink.maxUses')}
            description={t('directLink.maxUsesHelp')}
            min={1}
            value={settings.maxUses ?? ''}
            onChange={(v) => setSettings({ ...settings, maxUses: numberOrNull(v) })}
            disabled={!template.editable}
          />
          <TextInput
            type="date"
            label={t('directLink.expiresAt')}
            description={t('directLink.expiresAtHelp')}
            value={expiryDay}
            onChange={(e) =>
              setSettings({ ...settings, expiresAt: e.currentTarget.value ? new Date(`${e.currentTarget.value}T23:59:59`).toISOString() : null })
            }
            disabled={!template.editable}
          />
          <NumberInput
            label={t('directLink.perIpPerHour')}
            min={1}
            max={1000}
            value={settings.perIpPerHour}
            onChange={(v) => setSettings({ ...settings, perIpPerHour: numberOrNull(v) ?? directLinkRules.defaultPerIpPerHour })}
            disabled={!template.editable}
          />
          <NumberInput
            label={t('directLink.perAddressPerDay')}
            min={1}
            max={100}
            value={settings.perAddressPerDay}
            onChange={(v) => setSettings({ ...settings, perAddressPerDay: numberOrNull(v) ?? directLinkRules.defaultPerAddressPerDay })}
            disabled={!template.editable}
          />
        </SimpleGrid>
        {template.editable && link && (
          <Group justify="flex-end">
            <Button variant="light" loading={publish.isPending} onClick={() => save({ ...settings, enabled: link.enabled })}>
              {t('directLink.saveLimits')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
