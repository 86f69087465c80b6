import { Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chainingModes, contactChannels, handwrittenModes, locales, type Locale, type SignatureDefaults } from '@paraphe/contracts';
import { languageNames } from '../../../shared/i18n/language.ts';

type Props = { value: SignatureDefaults; onChange: (next: SignatureDefaults) => void; withExpiry?: boolean };

/** The defaults of a new request (tabs User and Parameters): one controlled value, every field of spec §3. */
export function SignatureDefaultsFields({ value, onChange, withExpiry = true }: Props) {
  const { t } = useTranslation('settings');
  const set = <K extends keyof SignatureDefaults>(key: K, next: SignatureDefaults[K]) => onChange({ ...value, [key]: next });
  const days = (n: number | string) => (typeof n === 'number' ? n : Number(n) || 0);
  const reminder = (channel: 'mail' | 'sms') => (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t(channel === 'mail' ? 'defaults.remindersMail' : 'defaults.remindersSms')}
      </Text>
      <Group grow>
        <NumberInput
          label={t('defaults.firstAfterDays')}
          min={0}
          max={365}
          value={value.reminders[channel].firstAfterDays}
          onChange={(n) => set('reminders', { ...value.reminders, [channel]: { ...value.reminders[channel], firstAfterDays: days(n) } })}
        />
        <NumberInput
          label={t('defaults.intervalDays')}
          min={0}
          max={365}
          value={value.reminders[channel].intervalDays}
          onChange={(n) => set('reminders', { ...value.reminders, [channel]: { ...value.reminders[channel], intervalDays: days(n) } })}
        />
        <NumberInput
          label={t('defaults.maxCount')}
          min={1}
          max={100}
          allowDecimal={false}
          value={value.reminders[channel].maxCount ?? ''}
          onChange={(n) =>
            set('reminders', { ...value.reminders, [channel]: { ...value.reminders[channel], maxCount: typeof n === 'number' && n >= 1 ? n : null } })
          }
        />
      </Group>
    </Stack>
  );
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('defaults.handwritten')}
          allowDeselect={false}
          value={value.handwritten}
          onChange={(v) => v && set('handwritten', v as SignatureDefaults['handwritten'])}
          data={handwrittenModes.map((m) => ({ value: m, label: t(`defaults.handwrittenModes.${m}`) }))}
        />
        <Select
          label={t('defaults.chainingMode')}
          allowDeselect={false}
          value={value.chainingMode}
          onChange={(v) => v && set('chainingMode', v as SignatureDefaults['chainingMode'])}
          data={chainingModes.map((m) => ({ value: m, label: t(`defaults.chainingModes.${m}`) }))}
        />
        <Select
          label={t('defaults.level')}
          allowDeselect={false}
          value={String(value.level)}
          onChange={(v) => v && set('level', Number(v) as SignatureDefaults['level'])}
          data={['1', '2', '3'].map((l) => ({ value: l, label: t(`defaults.levels.${l}`) }))}
        />
        <Select
          label={t('defaults.language')}
          allowDeselect={false}
          value={value.language}
          onChange={(v) => v && set('language', v as Locale)}
          data={locales.map((l) => ({ value: l, label: languageNames[l] }))}
        />
        <Select
          label={t('defaults.contactFirstSignerBy')}
          allowDeselect={false}
          value={value.contactFirstSignerBy}
          onChange={(v) => v && set('contactFirstSignerBy', v as SignatureDefaults['contactFirstSignerBy'])}
          data={contactChannels.map((c) => ({ value: c, label: t(`defaults.channels.${c}`) }))}
        />
        {withExpiry && (
          <NumberInput label={t('defaults.expiryDays')} min={1} max={365} value={value.expiryDays} onChange={(n) => set('expiryDays', Math.max(1, days(n)))} />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {reminder('mail')}
        {reminder('sms')}
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('defaults.signedDocuments')}
        </Text>
        <Group>
          {(['toRequester', 'toSigners', 'toObservers'] as const).map((who) => (
            <Checkbox
              key={who}
              label={t(`defaults.${who}`)}
              checked={value.signedDocuments[who]}
              onChange={(e) => set('signedDocuments', { ...value.signedDocuments, [who]: e.currentTarget.checked })}
            />
          ))}
        </Group>
      </Stack>
    </Stack>
  );
}
