import { Button, Divider, Group, Paper, SimpleGrid, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parametersInputSchema, type ParametersInput, type SignatureDefaults, type TenantSettings } from '@paraphe/contracts';
import { emptyToNull } from '../../../shared/forms/formErrors.ts';
import { useSaveParameters } from '../api.ts';
import { MailSenderPanel } from './MailSenderPanel.tsx';
import { ProviderPanel } from './ProviderPanel.tsx';
import { SignatureDefaultsFields } from './SignatureDefaultsFields.tsx';
import { TemplatesEditor } from './TemplatesEditor.tsx';
import { useSettingsForm } from './useSettingsForm.ts';
import { originsError, originsOfText, originsText } from './embedOrigins.ts';

type Values = {
  signatureDefaults: SignatureDefaults;
  successRedirection: string;
  cancelRedirection: string;
  failRedirection: string;
  smsSender: string;
  providerInheritance: boolean;
  notifyRequesterOnStart: boolean;
  /** One origin a line. */
  embedOrigins: string;
};

const valuesOf = (p: TenantSettings['parameters']): Values => ({
  signatureDefaults: p.signatureDefaults,
  successRedirection: p.successRedirection ?? '',
  cancelRedirection: p.cancelRedirection ?? '',
  failRedirection: p.failRedirection ?? '',
  smsSender: p.smsSender ?? '',
  providerInheritance: p.providerInheritance,
  notifyRequesterOnStart: p.notifyRequesterOnStart,
  embedOrigins: originsText(p.embedOrigins),
});

function toInput(v: Values): ParametersInput {
  const { expiryDays: _expiry, ...signatureDefaults } = v.signatureDefaults;
  return {
    ...v,
    signatureDefaults,
    expiryDays: v.signatureDefaults.expiryDays,
    successRedirection: emptyToNull(v.successRedirection),
    cancelRedirection: emptyToNull(v.cancelRedirection),
    failRedirection: emptyToNull(v.failRedirection),
    smsSender: emptyToNull(v.smsSender),
    embedOrigins: originsOfText(v.embedOrigins),
  };
}

/**
 * Tab Parameters: the tenant's signature defaults, redirections, SMS sender, the origins allowed to embed its signing
 * page, its mail texts, its own mail sender and provider credentials.
 */
export function ParametersTab({ settings }: { settings: TenantSettings }) {
  const { t } = useTranslation('settings');
  const save = useSaveParameters(settings.appId);
  const { form, onSubmit } = useSettingsForm({ initialValues: valuesOf(settings.parameters), schema: parametersInputSchema, toInput, save });
  return (
    <Stack>
      <Paper withBorder p="lg" radius="md">
        <form noValidate onSubmit={onSubmit}>
          <Stack>
            <Title order={4}>{t('parameters.signature')}</Title>
            <SignatureDefaultsFields value={form.getValues().signatureDefaults} onChange={(next) => form.setFieldValue('signatureDefaults', next)} />
            <Divider label={t('parameters.redirections')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={t('parameters.successRedirection')} placeholder="https://" {...form.getInputProps('successRedirection')} />
              <TextInput label={t('parameters.cancelRedirection')} placeholder="https://" {...form.getInputProps('cancelRedirection')} />
              <TextInput label={t('parameters.failRedirection')} placeholder="https://" {...form.getInputProps('failRedirection')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('parameters.smsSender')} description={t('parameters.smsSenderHelp')} maxLength={11} {...form.getInputProps('smsSender')} />
              <Switch mt="lg" label={t('parameters.providerInheritance')} {...form.getInputProps('providerInheritance', { type: 'checkbox' })} />
            </SimpleGrid>
            <Switch
              label={t('parameters.notifyRequesterOnStart')}
              description={t('parameters.notifyRequesterOnStartHelp')}
              {...form.getInputProps('notifyRequesterOnStart', { type: 'checkbox' })}
            />
            <Divider label={t('parameters.embedding')} labelPosition="left" />
            <Textarea
              label={t('parameters.embedOrigins')}
              description={t('parameters.embedOriginsHelp')}
              placeholder="https://www.example.com"
              autosize
              minRows={2}
              {...form.getInputProps('embedOrigins')}
              error={originsError(form.errors, (line, message) => t('parameters.embedOriginsLine', { line, message }))}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <TemplatesEditor settings={settings} />
      <MailSenderPanel appId={settings.appId} />
      <ProviderPanel settings={settings} />
    </Stack>
  );
}
