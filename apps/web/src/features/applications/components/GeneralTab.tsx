import { Paper, SimpleGrid, Stack, Switch, Table, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { applicationUpdateSchema, type Application, type Pack } from '@paraphe/contracts';
import { formatDateTime } from '../../../shared/format.ts';
import { schemaValidator } from '../../../shared/forms/formErrors.ts';
import { PackSelect } from './PackSelect.tsx';
import { ApplicationSaveForm } from './ApplicationSaveForm.tsx';
import { ConsentsHistory } from './ConsentsHistory.tsx';
import { CompanyIdentityPanel } from './CompanyIdentityPanel.tsx';
import { useMe } from '../../auth/index.ts';

type GeneralValues = { company: string; pack: Pack; enabled: boolean; testMode: boolean };

/** Company, owner, pack, suspended/enabled, test mode, dates and consents. */
export function GeneralTab({ application }: { application: Application }) {
  const { t, i18n } = useTranslation('applications');
  const me = useMe();
  const form = useForm<GeneralValues>({
    initialValues: { company: application.company, pack: application.pack, enabled: application.enabled, testMode: application.testMode },
    validate: schemaValidator(applicationUpdateSchema, t),
  });
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('notGiven'));
  const facts: Array<[string, string]> = [
    [t('owner'), [application.ownerName, application.ownerEmail].filter(Boolean).join(' — ') || '—'],
    [t('fields.createdAt'), formatDateTime(application.createdAt, i18n.language)],
    [t('fields.lastConnection'), formatDateTime(application.lastConnectionAt, i18n.language)],
    [t('termsAcceptedAt'), date(application.termsAcceptedAt)],
    [t('consentPersonalData'), date(application.consents.personalDataAt)],
    [t('consentPartners'), date(application.consents.partnersAt)],
    [t('consentBrand'), date(application.consents.brandPublicationAt)],
    [t('users'), String(application.userCount)],
  ];

  return (
    <Stack>
      <ApplicationSaveForm applicationId={application.id} form={form} toInput={(values) => values}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('fields.company')} required {...form.getInputProps('company')} />
          <PackSelect {...form.getInputProps('pack')} />
          <Switch
            label={t('enabledSwitch')}
            description={t('enabledHelp')}
            disabled={application.isPlatform}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <Switch label={t('testMode')} description={t('testModeHelp')} {...form.getInputProps('testMode', { type: 'checkbox' })} />
        </SimpleGrid>
      </ApplicationSaveForm>
      <Paper withBorder p="lg" radius="md">
        <Table variant="vertical" layout="fixed" withRowBorders={false}>
          <Table.Tbody>
            {facts.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={{ base: 140, sm: 260 }}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {me.permissions.includes('admin.applications') && !application.isPlatform && <CompanyIdentityPanel application={application} />}
      <ConsentsHistory applicationId={application.id} />
    </Stack>
  );
}
