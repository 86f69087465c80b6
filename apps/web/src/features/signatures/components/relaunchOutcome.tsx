import { List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';
import { relaunchCooldownMinutes } from '@paraphe/contracts';
import { formatDateTime } from '../../../shared/format.ts';
import type { SkippedSigner } from '../relaunch.ts';

/**
 * After a relaunch that left signers out (reminded less than the cool-down ago): who got a reminder, who did not,
 * and from when (local time) each of them can be reminded again. A dialog, not a toast: it names people and times.
 */
export function openRelaunchOutcome(reminded: number, skipped: readonly SkippedSigner[], t: TFunction, language: string): void {
  modals.open({
    title: t('relaunch.title', { ns: 'signatures' }),
    children: (
      <Stack gap="xs">
        {reminded > 0 && <Text size="sm">{t('relaunch.reminded', { ns: 'signatures', count: reminded })}</Text>}
        <Text size="sm">{t('relaunch.skippedIntro', { ns: 'signatures', count: skipped.length, minutes: relaunchCooldownMinutes })}</Text>
        <List size="sm">
          {skipped.map((s) => (
            <List.Item key={`${s.name}-${s.availableAt}`}>
              {t('relaunch.skippedItem', { ns: 'signatures', name: s.name, date: formatDateTime(s.availableAt, language) })}
            </List.Item>
          ))}
        </List>
      </Stack>
    ),
  });
}
