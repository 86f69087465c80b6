import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, Loader, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { signUpInputSchema, type ConsentKind, type LegalText } from '@paraphe/contracts';
import { schemaValidator, showFormError } from '../../../shared/forms/formErrors.ts';
import { localeFromTag } from '../../../shared/i18n/language.ts';
import { MessagePage } from '../../../shared/ui/MessagePage.tsx';
import { AuthCard } from '../components/AuthCard.tsx';
import { PasswordPolicy } from '../components/PasswordPolicy.tsx';
import { LegalTextModal } from '../components/LegalTextModal.tsx';
import { useLegalTexts, useSignUp } from '../signUp.ts';

const consentFields: Record<Exclude<ConsentKind, 'terms'>, 'consents.personalData' | 'consents.partners' | 'consents.brandPublication'> = {
  personalData: 'consents.personalData',
  partners: 'consents.partners',
  brandPublication: 'consents.brandPublication',
};

/**
 * `/signup`: a company creates its account (pack free, test mode) and receives a confirmation mail. The terms of
 * service (readable in a dialog) and the three consents are the current versions the server serves; the versions
 * shown are sent back and recorded with the answers (docs/gdpr.md).
 */
export function SignUpPage() {
  const { t, i18n } = useTranslation('auth');
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [reading, setReading] = useState<LegalText | null>(null);
  const form = useForm({
    initialValues: {
      company: '',
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      language: localeFromTag(i18n.language) ?? 'fr',
      consents: { terms: false, personalData: false, partners: false, brandPublication: false },
    },
    validate: schemaValidator(signUpInputSchema, t),
  });
  const texts = useLegalTexts(form.values.language);
  const textOf = (kind: ConsentKind) => texts.data?.find((text) => text.kind === kind);
  const terms = textOf('terms');

  if (sentTo) {
    return (
      <MessagePage
        title={t('signUp.doneTitle')}
        text={t('signUp.doneText', { email: sentTo })}
        action={
          <Anchor component={Link} to="/">
            {t('common.toLogin')}
          </Anchor>
        }
      />
    );
  }

  return (
    <AuthCard title={t('signUp.title')} subtitle={t('signUp.subtitle')}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          signUp.mutate(
            {
              ...values,
              consents: { ...values.consents, terms: true, personalData: true },
              consentVersions: Object.fromEntries((texts.data ?? []).map((text) => [text.kind, text.version])),
            },
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
          {!texts.data ? (
            <Loader size="sm" role="status" aria-label={t('legal.loading')} />
          ) : (
            <>
              <Checkbox
                required
                label={
                  <>
                    {t('legal.acceptTerms')}{' '}
                    <Anchor component="button" type="button" onClick={() => terms && setReading(terms)}>
                      {t('legal.readTerms', { version: terms?.version })}
                    </Anchor>
                  </>
                }
                {...form.getInputProps('consents.terms', { type: 'checkbox' })}
              />
              {(Object.keys(consentFields) as (keyof typeof consentFields)[]).map((kind) => {
                const text = textOf(kind);
                return (
                  text && (
                    <Checkbox
                      key={kind}
                      required={text.required}
                      label={`${text.title}${text.required ? '' : ` ${t('legal.optional')}`}`}
                      description={text.body}
                      {...form.getInputProps(consentFields[kind], { type: 'checkbox' })}
                    />
                  )
                );
              })}
            </>
          )}
          <Group justify="space-between">
            <Text size="sm">
              <Anchor component={Link} to="/">
                {t('signUp.haveAccount')}
              </Anchor>
            </Text>
            <Button type="submit" loading={signUp.isPending}>
              {t('signUp.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {reading && <LegalTextModal text={reading} opened onClose={() => setReading(null)} />}
    </AuthCard>
  );
}
