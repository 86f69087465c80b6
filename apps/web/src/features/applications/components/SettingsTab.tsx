import { ColorInput, NumberInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { applicationUpdateSchema, type Application } from '@paraphe/contracts';
import { emptyToNull, schemaValidator } from '../../../shared/forms/formErrors.ts';
import { ApplicationSaveForm } from './ApplicationSaveForm.tsx';

type SettingsValues = {
  settings: {
    themeColor: string;
    signatureExpiryDays: number;
    maxFileSizeMb: number;
    maxArchiveSizeMb: number;
    successRedirection: string;
    cancelRedirection: string;
    failRedirection: string;
    smsSender: string;
    doubleAuth: boolean;
    passwordlessPasskeys: boolean;
  };
};
const redirections = ['successRedirection', 'cancelRedirection', 'failRedirection'] as const;

function toInput({ settings }: SettingsValues) {
  return {
    settings: {
      ...settings,
      successRedirection: emptyToNull(settings.successRedirection),
      cancelRedirection: emptyToNull(settings.cancelRedirection),
      failRedirection: emptyToNull(settings.failRedirection),
      smsSender: emptyToNull(settings.smsSender),
    },
  };
}

/** Theme colour, expiry, size limits, https redirections, SMS sender, double authentication, passkey-only login. */
export function SettingsTab({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const s = application.settings;
  const form = useForm<SettingsValues>({
    initialValues: {
      settings: {
        themeColor: s.themeColor,
        signatureExpiryDays: s.signatureExpiryDays,
        maxFileSizeMb: s.maxFileSizeMb,
        maxArchiveSizeMb: s.maxArchiveSizeMb,
        successRedirection: s.successRedirection ?? '',
        cancelRedirection: s.cancelRedirection ?? '',
        failRedirection: s.failRedirection ?? '',
        smsSender: s.smsSender ?? '',
        doubleAuth: s.doubleAuth,
        passwordlessPasskeys: s.passwordlessPasskeys,
      },
    },
    validate: schemaValidator(applicationUpdateSchema, t, toInput),
  });

  return (
    <ApplicationSaveForm applicationId={application.id} form={form} toInput={toInput}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ColorInput
          label={t('settings.themeColor')}
          format="hex"
          swatches={['#009FE3', '#1B5E20', '#B71C1C', '#4A148C', '#212121']}
          {...form.getInputProps('settings.themeColor')}
        />
        <NumberInput label={t('settings.signatureExpiryDays')} min={1} max={365} {...form.getInputProps('settings.signatureExpiryDays')} />
        <NumberInput label={t('settings.maxFileSizeMb')} min={1} max={200} suffix=" MB" {...form.getInputProps('settings.maxFileSizeMb')} />
        <NumberInput label={t('settings.maxArchiveSizeMb')} min={1} max={500} suffix=" MB" {...form.getInputProps('settings.maxArchiveSizeMb')} />
        {redirections.map((name) => (
          <TextInput key={name} label={t(`settings.${name}`)} type="url" placeholder="https://" {...form.getInputProps(`settings.${name}`)} />
        ))}
        <TextInput label={t('settings.smsSender')} description={t('settings.smsSenderHelp')} maxLength={11} {...form.getInputProps('settings.smsSender')} />
        <Switch
          mt="md"
          label={t('settings.doubleAuth')}
          description={t('settings.doubleAuthHelp')}
          {...form.getInputProps('settings.doubleAuth', { type: 'checkbox' })}
        />
        <Switch
          mt="md"
          label={t('settings.passwordlessPasskeys')}
          description={t('settings.passwordlessPasskeysHelp')}
          {...form.getInputProps('settings.passwordlessPasskeys', { type: 'checkbox' })}
        />
      </SimpleGrid>
    </ApplicationSaveForm>
  );
}
