import { Button, Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { civilitySchema, contactInputSchema, personLanguageSchema, personLanguages, type Contact, type ContactInput } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { emptyToNull, schemaValidator, showFormError } from '../../../shared/forms/formErrors.ts';
import { civilityOf } from '../../../shared/forms/PersonFields.tsx';
import { languageNames } from '../../../shared/i18n/language.ts';
import { useSaveContact } from '../api.ts';

type ContactFormValues = {
  mail: string;
  firstname: string;
  lastname: string;
  civility: string | null;
  title: string;
  company: string;
  phoneNumber: string;
  mobile: string;
  lang: string | null;
  address: string;
  additionalAddress: string;
};

function initialValues(contact: Contact | undefined): ContactFormValues {
  return {
    mail: contact?.mail ?? '',
    firstname: contact?.firstname ?? '',
    lastname: contact?.lastname ?? '',
    civility: contact?.civility ?? null,
    title: contact?.title ?? '',
    company: contact?.company ?? '',
    phoneNumber: contact?.phoneNumber ?? '',
    mobile: contact?.mobile ?? '',
    // A new contact without a language gets the tenant's default one (the server decides).
    lang: contact?.lang ?? null,
    address: contact?.address ?? '',
    additionalAddress: contact?.additionalAddress ?? '',
  };
}

function toInput(values: ContactFormValues): ContactInput {
  return {
    mail: values.mail,
    firstname: values.firstname,
    lastname: values.lastname,
    civility: civilityOf(values.civility),
    title: emptyToNull(values.title),
    company: emptyToNull(values.company),
    phoneNumber: emptyToNull(values.phoneNumber),
    mobile: emptyToNull(values.mobile),
    lang: personLanguageSchema.safeParse(values.lang).data ?? null,
    address: emptyToNull(values.address),
    additionalAddress: emptyToNull(values.additionalAddress),
  };
}

/** A contact's form: checked with the contract's schema; server field errors (and a taken e-mail) under their fields. */
export function ContactForm({ contact }: { contact: Contact | undefined }) {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const save = useSaveContact(contact?.id);
  const form = useForm<ContactFormValues>({
    initialValues: initialValues(contact),
    validate: schemaValidator(contactInputSchema, t, toInput),
  });

  const submit = form.onSubmit((values) =>
    save.mutate(toInput(values), {
      onSuccess: () => {
        notify(t('saved'), 'success');
        // Committed at once: a fast reopen of "new contact" must not find this form still mounted.
        void navigate('/phonebooks/list', { flushSync: true });
      },
      onError: (error) => showFormError(form, error, t, { CONTACT_EMAIL_USED: 'mail' }),
    }),
  );

  return (
    <Paper withBorder p="lg" radius="md">
      <form noValidate onSubmit={submit}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('fields.email')} type="email" required autoComplete="off" {...form.getInputProps('mail')} />
            <Select
              label={t('fields.language')}
              placeholder={t('defaultLanguage')}
              clearable
              data={personLanguages.map((l) => ({ value: l, label: languageNames[l] }))}
              {...form.getInputProps('lang')}
            />
            <TextInput label={t('fields.firstName')} required autoComplete="off" {...form.getInputProps('firstname')} />
            <TextInput label={t('fields.lastName')} required autoComplete="off" {...form.getInputProps('lastname')} />
            <Select
              label={t('fields.civility')}
              clearable
              data={civilitySchema.options.map((c) => ({ value: c, label: t(`civility.${c}`) }))}
              {...form.getInputProps('civility')}
            />
            <TextInput label={t('fields.jobTitle')} {...form.getInputProps('title')} />
            <TextInput label={t('fields.company')} {...form.getInputProps('company')} />
            <TextInput label={t('fields.mobile')} type="tel" placeholder="+33612345678" description={t('mobileHint')} {...form.getInputProps('mobile')} />
            <TextInput label={t('fields.phone')} type="tel" placeholder="+33123456789" {...form.getInputProps('phoneNumber')} />
            <TextInput label={t('fields.address')} {...form.getInputProps('address')} />
            <TextInput label={t('fields.additionalAddress')} {...form.getInputProps('additionalAddress')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate('/phonebooks/list')}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
