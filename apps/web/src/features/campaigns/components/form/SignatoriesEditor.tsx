import { Suspense, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Contact, CrmContact } from '@paraphe/contracts';
import { ContactPicker } from '../../../contacts/index.ts';
import { CrmContactPicker, useCrmState } from '../../../crm/index.ts';
import { typedSignatoryProblems, type TypedSignatory, type TypedSignatoryProblem } from '../../campaignForm.ts';

type Props = {
  signatories: TypedSignatory[];
  onChange: (signatories: TypedSignatory[]) => void;
  /** Shows the address book picker (permission phonebook.read). */
  canPickContacts: boolean;
  error?: string;
};

const emptyCandidate = { firstname: '', lastname: '', emailAddress: '', phoneNum: '' };
let keySequence = 0;

/** Signatories typed one by one or picked from the address book, listed with removal. */
export function SignatoriesEditor({ signatories, onChange, canPickContacts, error }: Props) {
  const { t } = useTranslation('campaigns');
  const [candidate, setCandidate] = useState(emptyCandidate);
  const [problems, setProblems] = useState<TypedSignatoryProblem[]>([]);

  const add = (person: Omit<TypedSignatory, 'key'>) => {
    const found = typedSignatoryProblems(person, signatories);
    setProblems(found);
    if (found.length > 0) return false;
    onChange([...signatories, { ...person, key: `s${++keySequence}` }]);
    return true;
  };
  const addTyped = () => add(candidate) && setCandidate(emptyCandidate);
  const crm = useCrmState();
  const crmConnected = crm.data?.data.connected === true && crm.data.data.state === 'ok';
  // The HubSpot contact's id stays with the signatory (`connector.idc`, as a request signer's): the write-back notes their copy there.
  // A picked signatory goes straight to the list, where nothing is edited by hand (only removed), so the id always matches the address.
  const pickFromCrm = (contact: CrmContact) =>
    add({ firstname: contact.firstname, lastname: contact.lastname, emailAddress: contact.email, phoneNum: contact.phone, connectorIdc: contact.idc });
  const pick = (contact: Contact) =>
    add({ firstname: contact.firstname, lastname: contact.lastname, emailAddress: contact.mail, phoneNum: contact.mobile ?? '' });
  const errorOf = (field: TypedSignatoryProblem) => (problems.includes(field) ? t(`signatories.problems.${field}`) : undefined);
  const field = (name: keyof typeof emptyCandidate) => ({
    value: candidate[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setCandidate({ ...candidate, [name]: e.currentTarget.value }),
    onKeyDown: (e: React.KeyboardEvent) => e.key === 'Enter' && addTyped(),
  });

  return (
    <Stack gap="sm">
      {canPickContacts && (
        <Suspense fallback={<Loader size="xs" />}>
          <ContactPicker onPick={pick} />
        </Suspense>
      )}
      {crmConnected && (
        <Suspense fallback={<Loader size="xs" />}>
          <CrmContactPicker onPick={pickFromCrm} />
        </Suspense>
      )}
      <Paper withBorder p="sm">
        <Title order={6} mb="xs">
          {t('signatories.typeOne')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
          <TextInput size="xs" label={t('signatories.firstname')} error={errorOf('firstname')} {...field('firstname')} />
          <TextInput size="xs" label={t('signatories.lastname')} error={errorOf('lastname')} {...field('lastname')} />
          <TextInput size="xs" label={t('signatories.email')} error={errorOf('emailAddress') ?? errorOf('duplicate')} {...field('emailAddress')} />
          <TextInput size="xs" label={t('signatories.mobile')} placeholder="+33…" error={errorOf('phoneNum')} {...field('phoneNum')} />
        </SimpleGrid>
        <Group justify="flex-end" mt="xs">
          <Button size="xs" variant="light" leftSection={<IconUserPlus size={14} />} onClick={addTyped}>
            {t('signatories.add')}
          </Button>
        </Group>
      </Paper>
      {error && (
        <Text c="red" size="sm">
          {error}
        </Text>
      )}
      {signatories.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('signatories.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label={t('signatories.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('signatories.name')}</Table.Th>
                <Table.Th>{t('signatories.email')}</Table.Th>
                <Table.Th>{t('signatories.mobile')}</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {signatories.map((s) => (
                <Table.Tr key={s.key}>
                  <Table.Td>
                    {`${s.lastname.toUpperCase()} ${s.firstname}`}
                    {s.connectorIdc && (
                      <Tooltip label={t('signatories.crmLinked', { idc: s.connectorIdc })}>
                        <Badge ml="xs" size="xs" variant="light">
                          HubSpot
                        </Badge>
                      </Tooltip>
                    )}
                  </Table.Td>
                  <Table.Td>{s.emailAddress}</Table.Td>
                  <Table.Td>{s.phoneNum || '—'}</Table.Td>
                  <Table.Td>
                    <Tooltip label={t('signatories.remove')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('signatories.removeOf', { email: s.emailAddress })}
                        onClick={() => onChange(signatories.filter((x) => x.key !== s.key))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
