import { useContext, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, List, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconArrowLeft, IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CertificationLevel, FeatureFlags, FieldError, Locale, RequestTemplate } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { notify } from '../../../shared/api/notify.ts';
import { MeContext } from '../../auth/index.ts';
import type { NewRequestDefaults, SignatureDraft } from '../../signatures/index.ts';
import { useSaveTemplate } from '../api.ts';
import { templateErrorMessage } from '../errorMessage.ts';
import { signatureKit } from '../signatureKit.ts';
import {
  documentsOfTemplate,
  editorErrorsOf,
  newRole,
  rolesOfTemplate,
  sectionOf,
  templateFormData,
  templateInputOf,
  templateProblems,
  type PersonForm,
  type Prefills,
  type TemplateHeader,
} from '../templateForm.ts';
import { RoleCard } from './RoleCard.tsx';
import { TemplateHeaderFields } from './TemplateHeaderFields.tsx';
import { problemSummary } from './problemSummary.ts';

/**
 * The embedded template editor's stand-in for the signed-in user (docs/embedding.md): no session, so no address book,
 * no stamp accounts, no file check before the save; a save ends with `onSaved` instead of a navigation.
 */
export type EmbeddedTemplateAccount = { language: Locale; features: FeatureFlags; onSaved(template: RequestTemplate): void };

type Props = {
  saved?: { template: RequestTemplate; files: File[] };
  defaults?: NewRequestDefaults;
  defaultLevel?: CertificationLevel;
  embedded?: EmbeddedTemplateAccount;
};

/** Who the editor works for: the signed-in user, or the embedded editor's tenant. */
function useAccount(embedded: EmbeddedTemplateAccount | undefined) {
  const me = useContext(MeContext);
  if (embedded) return { language: embedded.language, features: embedded.features, permissions: [] as readonly string[] };
  if (!me) throw new Error('The template editor needs the authenticated layout or the embedded editor');
  return { language: me.user.language, features: me.application.features, permissions: me.permissions };
}

/**
 * The template's header, its roles, its documents with each role's signature positions and its options — the
 * documents and options tabs are the request form's own (signatures form kit). Save: a new template, or a new
 * version of this one.
 */
export function TemplateEditor({ saved, defaults, defaultLevel = 1, embedded }: Props) {
  const { t } = useTranslation('requestTemplates');
  const account = useAccount(embedded);
  const navigate = useNavigate();
  const kit = signatureKit();
  const language = account.language;
  // A role's language (its invitations'): the signers' language of the settings (the user's, else the tenant's), else the user's own.
  const rolesLanguage = defaults?.language ?? language;
  const template = saved?.template;
  const [initial] = useState(() => initialState(kit, language, t('roles.defaultName', { n: 1 }), saved, defaults));
  const [header, setHeader] = useState<TemplateHeader>(
    template
      ? { name: template.name, visibility: template.visibility, level: template.level }
      : { name: '', visibility: embedded ? 'tenant' : 'private', level: defaultLevel },
  );
  const [prefills, setPrefills] = useState<Prefills>(initial.prefills);
  const [summary, setSummary] = useState<string[]>([]);
  const [blocking, setBlocking] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>('roles');
  const form = useForm<SignatureDraft>({ initialValues: initial.draft, onValuesChange: () => setSummary([]) });
  const checks = kit.useFileChecks(form, !embedded);
  const editing = kit.useDraftEditing(form, rolesLanguage, { onAdded: checks.start, onRemoved: checks.cancel });
  const save = useSaveTemplate();
  const draft = form.getValues();
  const errors = form.errors as Record<string, string>;
  const message = (f: FieldError) => t(`validation.${f.rule}`, { ns: 'common', ...f.params, defaultValue: f.message });

  const showProblems = (fields: readonly FieldError[]) => {
    const found = editorErrorsOf(fields, message);
    form.setErrors(found);
    setSummary(problemSummary(found, draft, t));
    const first = Object.keys(found)
      .map(sectionOf)
      .find((s) => s !== 'general');
    if (first) setTab(first);
  };

  const attempt = () => {
    setBlocking(null);
    const pending = draft.documents.filter((d) => d.check.status === 'checking' || d.check.status === 'refused');
    if (pending.length > 0) {
      setTab('documents');
      setSummary(pending.map((d) => t(d.check.status === 'checking' ? 'editor.stillChecking' : 'editor.refusedFile', { name: d.file.name })));
      return;
    }
    const input = templateInputOf({
      header,
      draft,
      prefills,
      documents: kit.documentInputsOf(draft.documents),
      optionsRequest: kit.optionsInputOf(draft.options),
    });
    const problems = templateProblems(input);
    if (problems.length > 0) return showProblems(problems);
    form.clearErrors();
    save.mutate(
      { id: template?.id, form: templateFormData(input, draft.documents) },
      {
        onSuccess: (result) => {
          notify(t('editor.saved', { name: result.name, version: result.version }), 'success');
          if (embedded) embedded.onSaved(result);
          else if (!template) void navigate(`/templates/edit/${result.id}`, { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields.length > 0) return showProblems(error.fields);
          const text = templateErrorMessage(error, t, 'errors.saveTemplateFailed');
          if (text) setBlocking(text);
        },
      },
    );
  };

  const changeHeader = (patch: Partial<TemplateHeader>) => {
    setHeader((current) => ({ ...current, ...patch }));
    Object.keys(patch).forEach((key) => form.clearFieldError(key));
  };
  const changePrefill = (key: string, index: number) => (person: PersonForm | undefined) => {
    setPrefills(({ [key]: _old, ...rest }) => (person ? { ...rest, [key]: person } : rest));
    ['firstname', 'lastname', 'emailAddress', 'phoneNum'].forEach((field) => form.clearFieldError(`signers.${index}.prefill.${field}`));
  };
  const addRole = () => {
    editing.addSigner();
    const roles = form.getValues().signers;
    editing.changeSigner(roles.length - 1, { firstname: t('roles.defaultName', { n: roles.length }) });
  };
  const addFiles = (files: File[]) => {
    const accepted = files.filter(kit.isAcceptedFile);
    files.filter((f) => !kit.isAcceptedFile(f)).forEach((f) => notify(t('documents.notPdf', { name: f.name }), 'error'));
    editing.addFiles(accepted);
  };
  const tabHasError = (name: string) => Object.keys(errors).some((path) => sectionOf(path) === name);

  return (
    <Stack gap="md">
      {!embedded && (
        <Anchor component={Link} to="/templates/list" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {t('back')}
          </Group>
        </Anchor>
      )}
      <Group gap="sm">
        <Title order={2}>{template ? t('editor.editTitle', { name: template.name }) : t('editor.newTitle')}</Title>
        {template && <Badge variant="light">{t('versionN', { version: template.version })}</Badge>}
      </Group>
      {template && (
        <Text size="sm" c="dimmed">
          {t('editor.versionHelp', { version: template.version + 1 })}
        </Text>
      )}
      <Paper withBorder p="md">
        <TemplateHeaderFields header={header} onHeader={changeHeader} form={form} features={account.features} />
      </Paper>
      {summary.length > 0 && (
        <Alert color="red" variant="light" title={t('editor.problems')} icon={<IconAlertTriangle size={18} />}>
          <List size="sm">
            {summary.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Paper withBorder p="md">
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List mb="md">
            {(['roles', 'documents', 'options'] as const).map((name) => (
              <Tabs.Tab key={name} value={name} color={tabHasError(name) ? 'red' : undefined} c={tabHasError(name) ? 'red' : undefined}>
                {t(`editor.tabs.${name}`)}
                {name === 'roles' ? ` (${draft.signers.length})` : name === 'documents' ? ` (${draft.documents.length})` : ''}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="roles">
            <Stack gap="sm">
              <Text size="xs" c="dimmed">
                {t('roles.help')}
              </Text>
              {errors.signers && (
                <Text c="red" size="sm">
                  {errors.signers}
                </Text>
              )}
              {draft.signers.map((role, i) => (
                <RoleCard
                  key={role.key}
                  index={i}
                  count={draft.signers.length}
                  role={role}
                  prefill={prefills[role.key]}
                  errors={errors}
                  canPickContacts={account.permissions.includes('phonebook.read')}
                  onChange={(patch) => editing.changeSigner(i, patch)}
                  onPrefill={changePrefill(role.key, i)}
                  onMove={(to) => editing.moveSigner(i, to)}
                  onRemove={() => editing.removeSigner(i)}
                />
              ))}
              <Group>
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addRole}>
                  {t('roles.add')}
                </Button>
              </Group>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="documents">
            <kit.DocumentsTab
              documents={draft.documents}
              signers={draft.signers}
              errors={errors}
              onAddFiles={addFiles}
              onChange={editing.changeDocument}
              onRemove={editing.removeDocument}
            />
          </Tabs.Panel>
          <Tabs.Panel value="options">
            <kit.OptionsTab form={form} features={account.features} embedded={!!embedded} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      {blocking && (
        <Alert color="red" variant="light" role="alert">
          {blocking}
        </Alert>
      )}
      <Group justify="flex-end">
        {template && !template.archivedAt && !embedded && (
          <Button variant="default" component={Link} to={`/templates/use/${template.id}`}>
            {t('actions.use')}
          </Button>
        )}
        <Button leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} onClick={attempt}>
          {template ? t('editor.saveVersion') : t('editor.save')}
        </Button>
      </Group>
    </Stack>
  );
}

type Kit = ReturnType<typeof signatureKit>;

/** The form's first values: a saved template's, or one role and the user's request defaults. */
function initialState(kit: Kit, language: SignatureDraft['options']['language'], firstRole: string, saved: Props['saved'], defaults?: NewRequestDefaults) {
  const base = kit.initialDraft(language, '', undefined, saved ? undefined : defaults);
  if (!saved) return { draft: { ...base, signers: [newRole(firstRole, base.options.language)] }, prefills: {} };
  const { template, files } = saved;
  const { roles, prefills } = rolesOfTemplate(template, defaults?.language ?? language);
  const draft: SignatureDraft = {
    ...base,
    label: template.requestLabel ?? '',
    description: template.description ?? '',
    signers: roles,
    documents: documentsOfTemplate(template, files),
    // draftOptionsOf leaves the co-signers' order to the form (a campaign has none): a template keeps its own.
    options: { ...kit.draftOptionsOf(template.options, base.options), coSignersSignFirst: template.options.coSignersSignFirst },
  };
  return { draft, prefills };
}
