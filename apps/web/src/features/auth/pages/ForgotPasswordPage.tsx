import { useState } from 'react';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { forgotPasswordInputSchema } from '@paraphe/contracts';
import { schemaValidator } from '../../../shared/forms/formErrors.ts';
import { localeFromTag } from '../../../shared/i18n/language.ts';
import { MessagePage } from '../../../shared/ui/MessagePage.tsx';
import { AuthCard } from '../components/AuthCard.tsx';
import { useForgotPassword } from '../api.ts';

/** `/forgot`: asks for the reset link; the answer never tells whether the account exists. */
export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation('auth');
  const forgot = useForgotPassword();
  const [done, setDone] = useState(false);
  const form = useForm({ initialValues: { email: '' }, validate: schemaValidator(forgotPasswordInputSchema, t) });

  if (done) {
    return (
      <MessagePage
        title={t('forgot.doneTitle')}
        text={t('forgot.doneText')}
        action={
          <Anchor component={Link} to="/">
            {t('common.toLogin')}
          </Anchor>
        }
      />
    );
  }
  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form
        noValidate
        onSubmit={form.onSubmit(({ email }) => forgot.mutate({ email, language: localeFromTag(i18n.language) ?? 'fr' }, { onSuccess: () => setDone(true) }))}
      >
        <Stack>
          <TextInput label={t('fields.email')} type="email" required autoComplete="email" {...form.getInputProps('email')} />
          <Group justify="space-between">
            <Anchor component={Link} to="/" size="sm">
              {t('common.toLogin')}
            </Anchor>
            <Button type="submit" loading={forgot.isPending}>
              {t('forgot.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
