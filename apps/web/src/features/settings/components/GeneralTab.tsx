import { Button, ColorInput, FileButton, Group, Image, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { defaultThemeColor, generalSettingsInputSchema, locales, type GeneralSettingsInput, type Locale, type TenantSettings } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { notify } from '../../../shared/api/notify.ts';
import { emptyToNull } from '../../../shared/forms/formErrors.ts';
import { languageNames } from '../../../shared/i18n/language.ts';
import { useDeleteLogo, useSaveGeneral, useUploadLogo } from '../api.ts';
import { useSettingsForm } from './useSettingsForm.ts';

type Values = { company: string; issuingCompany: string; address: string; supportEmail: string; defaultLanguage: Locale; themeColor: string };

const valuesOf = (g: TenantSettings['general']): Values => ({
  company: g.company,
  issuingCompany: g.issuingCompany ?? '',
  address: g.address ?? '',
  supportEmail: g.supportEmail ?? '',
  defaultLanguage: g.defaultLanguage,
  themeColor: g.themeColor,
});
const toInput = (v: Values): GeneralSettingsInput => ({
  ...v,
  issuingCompany: emptyToNull(v.issuingCompany),
  address: emptyToNull(v.address),
  supportEmail: emptyToNull(v.supportEmail),
});

/** Tab General (GERANT; the product administrator for any tenant): identity of the company, language, colour, logo. */
export function GeneralTab({ settings }: { settings: TenantSettings }) {
  const { t } = useTranslation('settings');
  const save = useSaveGeneral(settings.appId);
  const { form, onSubmit } = useSettingsForm({ initialValues: valuesOf(settings.general), schema: generalSettingsInputSchema, toInput, save });
  return (
    <Stack>
      <Paper withBorder p="lg" radius="md">
        <form noValidate onSubmit={onSubmit}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput required label={t('general.company')} {...form.getInputProps('company')} />
              <TextInput label={t('general.issuingCompany')} description={t('general.issuingCompanyHelp')} {...form.getInputProps('issuingCompany')} />
              <TextInput label={t('general.address')} {...form.getInputProps('address')} />
              <TextInput type="email" label={t('general.supportEmail')} {...form.getInputProps('supportEmail')} />
              <Select
                label={t('general.defaultLanguage')}
                allowDeselect={false}
                data={locales.map((l) => ({ value: l, label: languageNames[l] }))}
                {...form.getInputProps('defaultLanguage')}
              />
              <ColorInput label={t('general.themeColor')} format="hex" swatches={[defaultThemeColor]} {...form.getInputProps('themeColor')} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <LogoPanel settings={settings} />
    </Stack>
  );
}

/** The logo and its one rule (docs/settings.md); a refusal says which part of the rule the file breaks. */
function LogoPanel({ settings }: { settings: TenantSettings }) {
  const { t } = useTranslation('settings');
  const upload = useUploadLogo(settings.appId);
  const remove = useDeleteLogo(settings.appId);
  const logo = settings.general.logo;
  const refused = (error: unknown) => {
    const message = error instanceof ApiError ? error.fields.find((f) => f.field === 'logo')?.message : undefined;
    notify(message ? `${t('general.logoRefused')}: ${message}` : t('general.logoRefused'), 'error');
  };
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={4}>{t('general.logo')}</Title>
        <Text size="sm" c="dimmed">
          {t('general.logoRule')}
        </Text>
        <Group align="center">
          {logo ? <Image src={logo.url} alt={t('general.logo')} h={80} w="auto" fit="contain" /> : <Text size="sm">{t('general.noLogo')}</Text>}
          <FileButton
            accept="image/png,image/jpeg"
            onChange={(file) => file && upload.mutate(file, { onSuccess: () => notify(t('general.logoSaved'), 'success'), onError: refused })}
          >
            {(props) => (
              <Button {...props} variant="light" loading={upload.isPending}>
                {t('general.chooseLogo')}
              </Button>
            )}
          </FileButton>
          {logo && (
            <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate(undefined)}>
              {t('general.removeLogo')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
