import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReminderSchedule, SignatureOptions } from '@paraphe/contracts';
import { languageNames } from '../../../../shared/i18n/language.ts';

function Item({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** Read-only summary of the options of a request. */
export function OptionsSummary({ options: o }: { options: SignatureOptions }) {
  const { t } = useTranslation('signatures');
  const yesNo = (v: boolean) => t(v ? 'view.yes' : 'view.no');
  const reminder = (r: ReminderSchedule) =>
    r.firstAfterDays === 0
      ? t('view.noReminder')
      : [
          t('view.reminder', { first: t('view.days', { count: r.firstAfterDays }), interval: t('view.days', { count: r.intervalDays }) }),
          r.maxCount ? t('view.reminderLimit', { max: r.maxCount }) : null,
        ]
          .filter(Boolean)
          .join(', ');
  const sent = (['toRequester', 'toSigners', 'toObservers'] as const).filter((k) => o.signedDocuments[k]).map((k) => t(`options.${k}`));
  const sepa = o.preprocessing?.sepa;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      <Item label={t('options.chainingMode')} value={t(`options.chainingModes.${o.chainingMode}`)} />
      <Item label={t('options.handwritten')} value={t(`options.handwrittenModes.${o.handwritten}`)} />
      <Item label={t('options.language')} value={languageNames[o.language]} />
      <Item label={t('options.stampBeforeSigning')} value={yesNo(o.stampBeforeSigning)} />
      <Item label={t('options.contactFirstSignerBy')} value={t(`options.channels.${o.contactFirstSignerBy}`)} />
      <Item label={t('options.expiryDays')} value={o.expiryDays === null ? '—' : t('view.days', { count: o.expiryDays })} />
      <Item label={t('options.remindersMail')} value={reminder(o.reminders.mail)} />
      <Item label={t('options.remindersSms')} value={reminder(o.reminders.sms)} />
      <Item label={t('options.signedDocuments')} value={sent.join(', ') || t('view.none')} />
      <Item label={t('options.sendCopy')} value={o.signedDocuments.sendCopy ? o.finalDocCCeMails.join(', ') : t('view.no')} />
      <Item label={t('options.coSignersSignFirst')} value={yesNo(o.coSignersSignFirst)} />
      <Item label={t('options.allowDelegation')} value={yesNo(o.allowDelegation === true)} />
      <Item label={t('options.invitationMessage')} value={o.invitationMessage ?? '—'} />
      <Item label={t('options.successRedirection')} value={o.successRedirection ?? '—'} />
      <Item label={t('options.cancelRedirection')} value={o.cancelRedirection ?? '—'} />
      <Item label={t('options.failRedirection')} value={o.failRedirection ?? '—'} />
      <Item
        label={t('options.sepaEnabled')}
        value={sepa ? `${sepa.rum} · ${sepa.ics} · ${t(`options.sepaTypes.${sepa.type}`)} · ${sepa.debtor.name} · ${sepa.debtor.iban}` : t('view.no')}
      />
    </SimpleGrid>
  );
}
