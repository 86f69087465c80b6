import { Alert, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Tabs, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { chainingModes, handwrittenModes, locales, sepaMandateTypes, type FeatureFlags } from '@paraphe/contracts';
import { languageNames } from '../../../../shared/i18n/language.ts';
import type { Draft } from '../../draft.ts';
import { StampBeforeSigning } from './StampBeforeSigning.tsx';

type Props = {
  form: UseFormReturnType<Draft>;
  features: FeatureFlags;
  /** A campaign's copies have one signer each, invited by e-mail: no chaining mode, no co-signers tab. */
  singleSigner?: boolean;
  /** The embedded editor has no session to list the stamp accounts: the tenant's default one seals. */
  embedded?: boolean;
};

/** Options, in the spec's sub-tabs: General, Shipments, Various, Pre-treatment, Co-signatories. */
export function OptionsTab({ form, features, singleSigner = false, embedded = false }: Props) {
  const { t } = useTranslation('signatures');
  const o = form.getValues().options;
  const options = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));
  const input = (path: string) => form.getInputProps(`options.${path}`);
  const checkbox = (path: string) => form.getInputProps(`options.${path}`, { type: 'checkbox' });
  const coSigners = form.getValues().signers.filter((s) => s.coSigner);
  const channel = (name: 'mail' | 'sms') => (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t(name === 'mail' ? 'options.remindersMail' : 'options.remindersSms')}
      </Text>
      <Group grow>
        <NumberInput min={0} max={365} label={t('options.firstAfterDays')} {...input(`reminders.${name}.firstAfterDays`)} />
        <NumberInput min={0} max={365} label={t('options.intervalDays')} {...input(`reminders.${name}.intervalDays`)} />
        <NumberInput min={1} max={100} allowDecimal={false} label={t('options.maxCount')} {...input(`reminders.${name}.maxCount`)} />
      </Group>
    </Stack>
  );

  return (
    <Tabs defaultValue="general" variant="pills" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="general">{t('options.tabs.general')}</Tabs.Tab>
        <Tabs.Tab value="shipments">{t('options.tabs.shipments')}</Tabs.Tab>
        <Tabs.Tab value="various">{t('options.tabs.various')}</Tabs.Tab>
        <Tabs.Tab value="preprocessing">{t('options.tabs.preprocessing')}</Tabs.Tab>
        {!singleSigner && <Tabs.Tab value="cosigners">{t('options.tabs.cosigners')}</Tabs.Tab>}
      </Tabs.List>

      <Tabs.Panel value="general">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {!singleSigner && (
            <Select label={t('options.chainingMode')} data={options(chainingModes, 'options.chainingModes')} allowDeselect={false} {...input('chainingMode')} />
          )}
          <Select
            label={t('options.handwritten')}
            data={options(handwrittenModes, 'options.handwrittenModes')}
            allowDeselect={false}
            disabled={!features.handwritten}
            {...input('handwritten')}
          />
          <Select
            label={t('options.language')}
            data={locales.map((l) => ({ value: l, label: languageNames[l] }))}
            allowDeselect={false}
            {...input('language')}
          />
          <NumberInput label={t('options.expiryDays')} description={t('options.expiryHelp')} min={1} max={365} {...input('expiryDays')} />
        </SimpleGrid>
        <Switch mt="md" label={t('options.allowDelegation')} description={t('options.allowDelegationHelp')} {...checkbox('allowDelegation')} />
        {features.stamp && !embedded && <StampBeforeSigning form={form} />}
      </Tabs.Panel>

      <Tabs.Panel value="shipments">
        <Stack gap="md">
          <Select
            label={t('options.contactFirstSignerBy')}
            allowDeselect={false}
            w={260}
            data={[
              { value: 'email', label: t('options.channels.email') },
              { value: 'sms', label: t('options.channels.sms'), disabled: !features.sms },
            ]}
            {...input('contactFirstSignerBy')}
          />
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {t('options.remindersHelp')}
            </Text>
            {!features.reminders && (
              <Text size="xs" c="orange">
                {t('options.remindersDisabled')}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {channel('mail')}
              {features.sms && channel('sms')}
            </SimpleGrid>
          </Stack>
          <Stack gap={6}>
            <Title order={5}>{t('options.signedDocuments')}</Title>
            <Checkbox label={t('options.toRequester')} {...checkbox('signedDocuments.toRequester')} />
            <Checkbox
              label={t('options.toSigners')}
              {...checkbox('signedDocuments.toSigners')}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                form.setFieldValue('options.signedDocuments.toSigners', on);
                // 'Send copy' requires 'send to signatory': turning the latter off turns the former off too.
                if (!on) form.setFieldValue('options.signedDocuments.sendCopy', false);
              }}
            />
            <Checkbox label={t('options.toObservers')} {...checkbox('signedDocuments.toObservers')} />
            <Checkbox
              label={t('options.sendCopy')}
              disabled={!o.signedDocuments.toSigners}
              description={!o.signedDocuments.toSigners ? t('options.sendCopyRequires') : undefined}
              {...checkbox('signedDocuments.sendCopy')}
            />
            {o.signedDocuments.sendCopy && (
              <Textarea
                label={t('options.copyAddresses')}
                description={t('options.copyAddressesHelp')}
                autosize
                minRows={2}
                value={o.finalDocCCeMails.join('\n')}
                error={form.errors['options.finalDocCCeMails'] ?? Object.entries(form.errors).find(([k]) => k.startsWith('options.finalDocCCeMails.'))?.[1]}
                onChange={(e) => form.setFieldValue('options.finalDocCCeMails', e.currentTarget.value.split('\n'))}
              />
            )}
          </Stack>
          <Textarea label={t('options.invitationMessage')} autosize minRows={2} {...input('invitationMessage')} />
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="various">
        <Stack gap="sm">
          <Title order={5}>{t('options.redirections')}</Title>
          <TextInput type="url" placeholder="https://" label={t('options.successRedirection')} {...input('successRedirection')} />
          <TextInput type="url" placeholder="https://" label={t('options.cancelRedirection')} {...input('cancelRedirection')} />
          <TextInput type="url" placeholder="https://" label={t('options.failRedirection')} {...input('failRedirection')} />
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="preprocessing">
        <Stack gap="sm">
          {!features.preprocessing && (
            <Alert color="gray" variant="light">
              {t('errorsByCode.FEATURE_DISABLED')}
            </Alert>
          )}
          <Checkbox label={t('options.sepaEnabled')} description={t('options.sepaHelp')} disabled={!features.preprocessing} {...checkbox('sepaEnabled')} />
          {o.sepaEnabled && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t('options.rum')} maxLength={35} {...input('sepa.rum')} />
              <TextInput label={t('options.ics')} {...input('sepa.ics')} />
              <Select label={t('options.sepaType')} data={options(sepaMandateTypes, 'options.sepaTypes')} allowDeselect={false} {...input('sepa.type')} />
              <TextInput label={t('options.debtorName')} {...input('sepa.debtor.name')} />
              <TextInput label={t('options.debtorAddress')} {...input('sepa.debtor.address')} />
              <TextInput label={t('options.iban')} {...input('sepa.debtor.iban')} />
            </SimpleGrid>
          )}
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="cosigners">
        <Stack gap="sm">
          <Checkbox label={t('options.coSignersSignFirst')} description={t('options.coSignersHelp')} {...checkbox('coSignersSignFirst')} />
          <Text size="sm">
            {coSigners.length > 0
              ? t('options.coSignersList', { names: coSigners.map((s) => `${s.lastname.toUpperCase()} ${s.firstname}`.trim()).join(', ') })
              : t('options.noCoSigners')}
          </Text>
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
