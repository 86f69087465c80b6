import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconUserShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LazyModal } from './LazyModal.tsx';
import type { TFunction } from 'i18next';
import { delegationRules, type DelegateInput } from '@paraphe/contracts';
import { isApiError } from '../../../shared/api/apiError.ts';
import { delegate } from '../api.ts';
import { PublicApiError } from '../publicFetch.ts';

type Props = {
  token: string;
  /** The view is read again after a hand-over: it then shows the "handed over" state. */
  reload: () => Promise<unknown>;
};
type Person = { firstName: string; lastName: string; email: string; mobile: string; reason: string };
const empty: Person = { firstName: '', lastName: '', email: '', mobile: '', reason: '' };
type Problems = Partial<Record<keyof Person, string>>;

/** What the form checks before sending (the server checks again, and more: a participant's address, SMS codes). */
function problemsOf(person: Person, t: TFunction): Problems {
  const problems: Problems = {};
  for (const key of ['firstName', 'lastName', 'email', 'reason'] as const) if (!person[key].trim()) problems[key] = t('handOver.required');
  if (person.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(person.email.trim())) problems.email = t('handOver.emailInvalid');
  return problems;
}

/** The server's field errors, in the page's language. */
function serverProblems(error: unknown, t: TFunction): Problems {
  if (!isApiError(error, 'VALIDATION_FAILED')) return {};
  const problems: Problems = {};
  for (const f of error.fields) {
    if (f.field === 'email') problems.email = t(f.rule === 'invalid_value' ? 'handOver.emailTaken' : 'handOver.emailInvalid');
    else if (f.field === 'mobile') problems.mobile = t(f.rule === 'required' ? 'handOver.mobileRequired' : 'handOver.mobileInvalid');
    else if (f.field in empty) problems[f.field as keyof Person] = t('handOver.required');
  }
  return problems;
}

function failureMessage(error: unknown, t: TFunction): string | null {
  if (isApiError(error, 'VALIDATION_FAILED')) return null;
  if (isApiError(error, 'DELEGATION_NOT_POSSIBLE')) {
    const reason = error instanceof PublicApiError ? error.details.reason : undefined;
    return t(reason === 'limit' ? 'handOver.limit' : 'handOver.notPossible', { count: delegationRules.maxHandOvers });
  }
  if (isApiError(error, 'ACTION_NOT_ALLOWED')) return t('handOver.notAllowed');
  return t('errors.generic');
}

/**
 * "Not the right person?": the participant hands the request over to someone else (option allowDelegation). The
 * delegate gets their own invitation and one-time code; the sender is told; this link then only says to whom it went.
 */
export function HandOver({ token, reload }: Props) {
  const { t } = useTranslation('signing');
  const [opened, setOpened] = useState(false);
  const [person, setPerson] = useState<Person>(empty);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const handOver = useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: DelegateInput) => delegate(token, input),
    onSuccess: async () => {
      setOpened(false);
      await reload();
    },
    onError: (error) => {
      setProblems(serverProblems(error, t));
      setFailure(failureMessage(error, t));
    },
  });
  const field = (key: keyof Person) => ({
    value: person[key],
    error: problems[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setPerson((current) => ({ ...current, [key]: value }));
      // A field edited after a refusal is no longer the one refused.
      setProblems(({ [key]: _, ...rest }) => rest);
    },
  });
  const submit = () => {
    const found = problemsOf(person, t);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    handOver.mutate({ ...person, mobile: person.mobile.trim() || null });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="hand-over-title">
      <Group justify="space-between" gap="xs">
        <Stack gap={0}>
          <Text fw={600} id="hand-over-title">
            {t('handOver.question')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('handOver.hint')}
          </Text>
        </Stack>
        <Button variant="default" leftSection={<IconUserShare size={18} />} onClick={() => setOpened(true)}>
          {t('handOver.open')}
        </Button>
      </Group>
      <LazyModal opened={opened} onClose={() => setOpened(false)} title={t('handOver.title')} centered>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            <Text size="sm">{t('handOver.text')}</Text>
            <Group grow align="flex-start">
              <TextInput label={t('handOver.firstName')} withAsterisk autoComplete="off" data-autofocus {...field('firstName')} />
              <TextInput label={t('handOver.lastName')} withAsterisk autoComplete="off" {...field('lastName')} />
            </Group>
            <TextInput label={t('handOver.email')} type="email" withAsterisk autoComplete="off" {...field('email')} />
            <TextInput label={t('handOver.mobile')} description={t('handOver.mobileHelp')} type="tel" autoComplete="off" {...field('mobile')} />
            <Textarea label={t('handOver.reason')} withAsterisk autosize minRows={2} maxLength={delegationRules.reasonMaxLength} {...field('reason')} />
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)} disabled={handOver.isPending}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={handOver.isPending}>
                {t('handOver.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </LazyModal>
    </Paper>
  );
}
