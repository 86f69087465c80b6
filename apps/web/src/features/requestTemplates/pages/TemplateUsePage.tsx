import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Center, Group, List, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconDeviceFloppy, IconEdit, IconSend } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FieldError, RequestTemplate } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { notify } from '../../../shared/api/notify.ts';
import { useMe } from '../../auth/index.ts';
import { useRequestFromTemplate, useTemplate } from '../api.ts';
import { templateErrorMessage } from '../errorMessage.ts';
import { peopleOf, personErrorsOf, requestBodyOf, requestProblems } from '../requestFromTemplate.ts';
import type { PersonForm } from '../templateForm.ts';
import { RolePersonCard } from '../components/RolePersonCard.tsx';
import { TemplateDocumentsList } from '../components/TemplateDocumentsList.tsx';

/** `templates/use/:id`: the template's documents and roles, one person per role, then a draft or a request sent at once. */
export function TemplateUsePage() {
  const { id } = useParams();
  const { t } = useTranslation('requestTemplates');
  const template = useTemplate(id);
  if (template.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading', { ns: 'common' })} />
      </Center>
    );
  if (!template.data)
    return (
      <Stack>
        <Alert color="red" variant="light">
          {t('notFound')}
        </Alert>
        <BackToList />
      </Stack>
    );
  return <UseForm key={`${template.data.id}:${template.data.version}`} template={template.data} />;
}

function BackToList() {
  const { t } = useTranslation('requestTemplates');
  return (
    <Anchor component={Link} to="/templates/list" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('back')}
      </Group>
    </Anchor>
  );
}

function UseForm({ template }: { template: RequestTemplate }) {
  const { t } = useTranslation('requestTemplates');
  const me = useMe();
  const navigate = useNavigate();
  const [people, setPeople] = useState<PersonForm[]>(() => peopleOf(template.roles));
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [blocking, setBlocking] = useState<string | null>(null);
  const make = useRequestFromTemplate();
  const archived = template.archivedAt !== null;
  const message = (f: FieldError) => t(`validation.${f.rule}`, { ns: 'common', ...f.params, defaultValue: f.message });
  // The server's two rules of a use that say more than their rule's words: a role without anyone, one e-mail twice.
  const serverMessage = (f: FieldError) => {
    if (/^roles\.\d+$/.test(f.field) && f.rule === 'required') return t('use.nobody');
    if (/^roles\.\d+\.emailAddress$/.test(f.field) && f.rule === 'invalid_value') return t('use.sameEmail');
    return message(f);
  };

  const change = (index: number, patch: Partial<PersonForm>) => {
    setPeople((current) => current.map((p, i) => (i === index ? { ...p, ...patch } : p)));
    setErrors((current) => {
      const next = { ...current };
      delete next[`people.${index}`];
      for (const key of Object.keys(patch)) delete next[`people.${index}.${key}`];
      return next;
    });
  };

  const submit = (send: boolean) => {
    const body = requestBodyOf(template, people, label, send);
    make.mutate(
      { id: template.id, body },
      {
        onSuccess: (created) => {
          notify(t(send ? 'use.sent' : 'use.saved', { label: created.label }), 'success');
          created.warnings?.forEach((w) => notify(w.message, 'info'));
          void navigate(`/signatures/view/${created.id}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields.length > 0) {
            setErrors(personErrorsOf(error.fields, serverMessage));
            setBlocking(t('errors.VALIDATION_FAILED', { ns: 'common' }));
            return;
          }
          const text = templateErrorMessage(error, t, send ? 'errors.sendFailed' : 'errors.saveFailed');
          if (text) setBlocking(text);
        },
      },
    );
  };

  const attempt = (send: boolean) => {
    setBlocking(null);
    const body = requestBodyOf(template, people, label, send);
    const problems = requestProblems(body);
    if (problems.length > 0) {
      setErrors(personErrorsOf(problems, message));
      return;
    }
    setErrors({});
    if (!send) return submit(false);
    modals.openConfirmModal({
      title: t('use.reviewTitle'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('use.reviewText', { label: body.label ?? template.requestLabel ?? template.name, count: template.documents.length })}</Text>
          <List size="sm">
            {body.roles?.map((r, i) => (
              <List.Item key={i}>
                {t('use.reviewLine', { role: template.roles[i]?.name, name: `${r.lastname.toUpperCase()} ${r.firstname}`, email: r.emailAddress })}
              </List.Item>
            ))}
          </List>
        </Stack>
      ),
      labels: { confirm: t('use.send'), cancel: t('confirm.keep') },
      onConfirm: () => submit(true),
    });
  };

  return (
    <Stack gap="md">
      <BackToList />
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2}>{t('use.title', { name: template.name })}</Title>
            <Badge variant="light">{t('versionN', { version: template.version })}</Badge>
          </Group>
          {template.description && <Text size="sm">{template.description}</Text>}
        </Stack>
        {template.editable && (
          <Button variant="default" component={Link} to={`/templates/edit/${template.id}`} leftSection={<IconEdit size={16} />}>
            {t('actions.edit')}
          </Button>
        )}
      </Group>
      {archived && (
        <Alert color="orange" variant="light">
          {t('archivedHint')}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Title order={4} mb="xs">
          {t('use.documents', { count: template.documents.length })}
        </Title>
        <TemplateDocumentsList template={template} />
      </Paper>
      <Paper withBorder p="md">
        <TextInput
          label={t('use.label')}
          description={t('use.labelHelp')}
          placeholder={template.requestLabel ?? template.name}
          value={label}
          error={errors.label}
          onChange={(e) => setLabel(e.currentTarget.value)}
        />
      </Paper>
      <Title order={4}>{t('use.people', { count: template.roles.length })}</Title>
      {template.roles.map((role, i) => (
        <RolePersonCard
          key={i}
          index={i}
          role={role}
          person={people[i]!}
          errors={errors}
          canPickContacts={me.permissions.includes('phonebook.read')}
          onChange={(patch) => change(i, patch)}
        />
      ))}
      {blocking && (
        <Alert color="red" variant="light" role="alert">
          {blocking}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} loading={make.isPending} disabled={archived} onClick={() => attempt(false)}>
          {t('use.saveDraft')}
        </Button>
        <Button leftSection={<IconSend size={16} />} loading={make.isPending} disabled={archived} onClick={() => attempt(true)}>
          {t('use.send')}
        </Button>
      </Group>
    </Stack>
  );
}
