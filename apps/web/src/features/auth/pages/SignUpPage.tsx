import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { signUpInputSchema } from '@paraphe/contracts';
import { schemaValidator, showFormError } from '../../../shared/forms/formErrors.ts';
import { localeFromTag } from '../../../shared/i18n/language.ts';
import { MessagePage } from '../../../shared/ui/MessagePage.tsx';
import { AuthCard } from '../components/AuthCard.tsx';
import { PasswordPolicy } from '../components/PasswordPolicy.tsx';
import { useSignUp } from '../signUp.ts';

/** `/signup`: a company creates its account (pack free, test mode) and receives a confirmation mail. */
export function SignUpPage() {
  const { t, i18n } = useTranslation('auth');
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      company: '',
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      language: localeFromTag(i18n.language) ?? 'fr',
      consents: { personalData: false, partners: false, brandPublication: false },
    },
    validate: schemaValidator(signUpInputSchema, t),
  });

  if (sentTo) {
    return <MessagePage title={t('signUp.doneTitle')} text={t('signUp.doneText', { email: sentTo })} action={<Anchor component={Link} to="/">{t('common.toLogin')}</Anchor>} />;
  }

  return (
    <AuthCard title={t('signUp.title')} subtitle={t('signUp.subtitle')}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          signUp.mutate(
            { ...values, consents: { ...values.consents, personalData: true } },
            { onSuccess: () => setSentTo(values.email), onError: (error) => showFormError(form, error, t, { EMAIL_ALREADY_EXISTS: 'email' }) },
          ),
        )}
      >
        <Stack>
          <TextInput label={t('fields.company')} required autoComplete="organization" {...form.getInputProps('company')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label={t('fields.firstName')} required autoComplete="given-name" {...form.getInputProps('firstName')} />
            <TextInput label={t('fields.lastName')} required autoComplete="family-name" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label={t('fields.email')} type="email" required autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput label={t('fields.password')} required autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordPolicy password={form.values.password} />
          <Checkbox label={t('signUp.consentPersonalData')} required {...form.getInputProps('consents.personalData', { type: 'checkbox' })} />
          <Checkbox label={t('signUp.consentPartners')} {...form.getInputProps('consents.partners', { type: 'checkbox' })} />
          <Checkbox label={t('signUp.consentBrand')} {...form.getInputProps('consents.brandPublication', { type: 'checkbox' })} />
          <Group justify="space-between">
            <Text size="sm">
              <Anchor component={Link} to="/">{t('signUp.haveAccount')}</Anchor>
            </Text>
            <Button type="submit" loading={signUp.isPending}>
              {t('signUp.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
