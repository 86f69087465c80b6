import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, List, Loader, Paper, Select, Stack, Tabs, TextInput, Textarea, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CertificationLevel, SignatureSendData } from '@paraphe/contracts';
import { ApiError, isCancellation } from '../../../shared/api/apiError.ts';
import { notify } from '../../../shared/api/notify.ts';
import { billingSettingsPath, showBillingRequired, useLiveBillingIncomplete } from '../../billing/index.ts';
import { useNewRequestDefaults } from '../../settings/index.ts';
import { useNavigationId } from '../../../shared/useNavigationId.ts';
import { useCreateSignatureRequest, useUpdateDraft } from '../api.ts';
import { useEditorAccount } from '../editorAccount.ts';
import { draftProblems, formDataOf, initialDraft, type Draft, type DraftProblems, type NewRequestDefaults, type SignerPrefill } from '../draft.ts';
import { signatureErrorMessage } from '../errorMessages.ts';
import { openSigningLinks } from '../components/signingLinks.tsx';
import { isAcceptedFile, DocumentsTab } from '../components/new/DocumentsTab.tsx';
import { OptionsTab } from '../components/new/OptionsTab.tsx';
import { SignersTab } from '../components/new/SignersTab.tsx';
import { QualifiedSigners, useQualifiedSignerChecks } from '../components/new/QualifiedSigners.tsx';
import { problemLine, problemMessage, serverProblems, tabOf } from '../components/new/problemMessages.ts';
import { useDraftEditing } from '../components/new/useDraftEditing.ts';
import { useFileChecks } from '../components/new/useFileChecks.ts';
import { documentOfFileError, fileNamedBy, fileProblemMessage, fileProblemOf } from '../fileCheck.ts';

/** The prefilled signer of `signatures/new/:firstname/:lastname/:mail/:phone?` (idc: the connector id). */
function usePrefill(): SignerPrefill | undefined {
  const { firstname, lastname, mail, phone } = useParams();
  const [search] = useSearchParams();
  const [prefill] = useState<SignerPrefill | undefined>(() =>
    firstname || lastname || mail ? { firstname, lastname, emailAddress: mail, phoneNum: phone, connectorIdc: search.get('idc') ?? undefined } : undefined,
  );
  return prefill;
}

/** Marks a navigation that must not reset the form (the idc removal). */
const keepFormState = { keepForm: true };

/** Spec §2: the idc value is read once, then removed from the address. */
function useDropIdcFromAddress() {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!search.has('idc')) return;
    const rest = new URLSearchParams(search);
    rest.delete('idc');
    const qs = rest.toString();
    void navigate({ pathname: location.pathname, search: qs ? `?${qs}` : '' }, { replace: true, state: keepFormState });
  }, [search, location.pathname, navigate]);
}

/**
 * `signatures/new` (and its prefilled form): every navigation to it starts a fresh form, except the
 * address clean-up that removes idc. `qualified`: the level-3 form of `signatures/new_qualified`.
 */
export function SignatureNewPage({ qualified = false }: { qualified?: boolean }) {
  const location = useLocation();
  const navigationId = useNavigationId();
  const formKey = useRef(navigationId);
  if ((location.state as typeof keepFormState | null)?.keepForm !== true) formKey.current = navigationId;
  return <NewSignatureForm key={formKey.current} qualified={qualified} />;
}

/** `signatures/new_qualified`: the request form at level 3, its signers checked for a usable qualified certificate. */
export function QualifiedSignaturePage() {
  return <SignatureNewPage qualified />;
}

function NewSignatureForm({ qualified }: { qualified: boolean }) {
  const prefill = usePrefill();
  useDropIdcFromAddress();
  // A new request starts from the user's defaults, else the tenant's Parameters, else the product's (settings).
  const { isPending, defaults, level } = useNewRequestDefaults();
  if (isPending) return <Loader size="sm" />;
  return <SignatureForm prefill={prefill} qualified={qualified} defaults={defaults} defaultLevel={level} />;
}

/** A saved draft (`signatures/view/:id` of a draft): the same form, pre-filled, saved with PUT …/draft. */
export type SavedDraft = { id: string; level: CertificationLevel; draft: Draft };

/**
 * Signers, Documents, Options; save as draft, or send after confirmation. `qualified` (or a saved level-3 draft):
 * level 3, every signer needs a usable qualified certificate (docs/qualified.md).
 */
export function SignatureForm({
  prefill,
  saved,
  qualified: asked = false,
  defaults,
  defaultLevel = 1,
}: {
  prefill?: SignerPrefill;
  saved?: SavedDraft;
  qualified?: boolean;
  defaults?: NewRequestDefaults;
  defaultLevel?: CertificationLevel;
}) {
  const qualified = asked || saved?.level === 3;
  const { t } = useTranslation('signatures');
  const account = useEditorAccount();
  const billingIncomplete = useLiveBillingIncomplete(account);
  const navigate = useNavigate();
  const [summary, setSummary] = useState<string[]>([]);
  // The summary describes the last attempt: any edit makes it stale, the next attempt renews it.
  const form = useForm<Draft>({ initialValues: saved?.draft ?? initialDraft(account.language, '', prefill, defaults), onValuesChange: () => setSummary([]) });
  const checks = useFileChecks(form, !account.embedded);
  const editing = useDraftEditing(form, account.language, { onAdded: checks.start, onRemoved: checks.cancel });
  const createRequest = useCreateSignatureRequest();
  const updateDraft = useUpdateDraft();
  const create = saved ? updateDraft : createRequest;
  const [tab, setTab] = useState<string | null>('signers');
  const [level, setLevel] = useState<CertificationLevel>(saved?.level ?? (qualified ? 3 : defaultLevel));
  const [blocking, setBlocking] = useState<string | null>(null);
  const draft = form.getValues();
  const features = account.application.features;
  const signerChecks = useQualifiedSignerChecks(qualified ? draft.signers : []);
  const blockedByCertificates = qualified && !signerChecks.allUsable;

  const showProblems = (problems: DraftProblems) => {
    const messages = Object.fromEntries(Object.entries(problems).map(([path, p]) => [path, problemMessage(p, draft, t)]));
    form.setErrors(messages);
    // Each line names its tab and field: the field's own message may sit on a tab that is not shown.
    setSummary([...new Set(Object.entries(messages).map(([path, message]) => problemLine(path, message, draft, t)))]);
    const first = Object.keys(problems)
      .map(tabOf)
      .find((x) => x !== 'header');
    if (first) setTab(first);
  };

  const submit = (send: boolean) => {
    const handlers = {
      onSuccess: (created: SignatureSendData) => {
        notify(t(send ? 'done.sent' : 'done.saved'), 'success');
        // What the send will refuse (the stamp account), said at save.
        created.warnings?.forEach((w) => notify(w.message, 'info'));
        if (send) openSigningLinks(created.options.chainingMode, created.links, t);
        if (account.embedded) account.embedded.onDone(created, send);
        else void navigate(`/signatures/view/${created.id}`);
      },
      onError: (error: unknown) => {
        if (isCancellation(error)) return;
        // Field errors of a plain validation failure are listed like the client's; a business code
        // (PDF_INVALID, BILLING_REQUIRED…) says more than the rule of its field and is shown as such.
        if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields.length > 0) {
          showProblems(serverProblems(error.fields));
          return;
        }
        const message = fileRefusal(error) ?? signatureErrorMessage(error, t, send ? 'failed.send' : 'failed.save');
        setBlocking(message);
        if (!showBillingRequired(error, (to) => void navigate(to), account.permissions.includes('billing.manage'))) notify(message, 'error');
      },
    };
    const form = formDataOf(draft, send);
    if (saved) updateDraft.mutate({ id: saved.id, form }, handlers);
    else createRequest.mutate({ level, form }, handlers);
  };

  /**
   * A file the create call refused (PDF_INVALID…, naming it): marked on its document like a refusal of the
   * check when added (Send stays blocked until it is removed); its message, or undefined for other failures.
   */
  const fileRefusal = (error: unknown): string | undefined => {
    const named = fileNamedBy(error);
    if (!named) return undefined;
    const { documents } = form.getValues();
    const index = documentOfFileError(documents, named);
    const problem = fileProblemOf(error, documents[index]?.file.name ?? named);
    if (!problem) return undefined;
    if (index >= 0) {
      form.setFieldValue(`documents.${index}.check`, { status: 'refused', problem });
      setTab('documents');
    }
    return fileProblemMessage(problem, t);
  };

  const attempt = (send: boolean) => {
    setBlocking(null);
    const problems = draftProblems(draft, send);
    if (Object.keys(problems).length > 0) {
      showProblems(problems);
      return;
    }
    form.clearErrors();
    setSummary([]);
    if (!send) return submit(false);
    modals.openConfirmModal({
      title: t('confirm.sendTitle'),
      children: <Text size="sm">{t('confirm.sendText', { label: draft.label })}</Text>,
      labels: { confirm: t('actions.send'), cancel: t('confirm.keep') },
      onConfirm: () => submit(true),
    });
  };

  const errors = form.errors as Record<string, string>;
  const tabHasError = (name: string) => Object.keys(errors).some((path) => tabOf(path) === name);
  const addFiles = (files: File[]) => {
    const accepted = files.filter(isAcceptedFile);
    files.filter((f) => !isAcceptedFile(f)).forEach((f) => notify(t('documents.notPdf', { name: f.name }), 'error'));
    editing.addFiles(accepted);
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t(saved ? 'form.editTitle' : qualified ? 'qualified.title' : 'form.title')}</Title>
      {qualified && <QualifiedSigners results={signerChecks.results} />}
      <Paper withBorder p="md">
        <Group grow align="flex-start">
          <TextInput required label={t('form.label')} {...form.getInputProps('label')} />
          <Select
            label={t('form.level')}
            value={String(level)}
            allowDeselect={false}
            w={220}
            style={{ flex: '0 0 220px' }}
            disabled={!!saved || qualified}
            data={
              qualified
                ? [{ value: '3', label: t('form.levels.3') }]
                : [
                    { value: '1', label: t('form.levels.1') },
                    { value: '2', label: t('form.levels.2'), disabled: !features.level2 },
                  ]
            }
            onChange={(v) => v && setLevel(Number(v) as CertificationLevel)}
          />
        </Group>
        <Textarea mt="sm" autosize minRows={1} label={t('form.description')} {...form.getInputProps('description')} />
      </Paper>
      {summary.length > 0 && (
        <Alert color="red" variant="light" title={t('form.problems')} icon={<IconAlertTriangle size={18} />}>
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
            {(['signers', 'documents', 'options'] as const).map((name) => (
              <Tabs.Tab key={name} value={name} color={tabHasError(name) ? 'red' : undefined} c={tabHasError(name) ? 'red' : undefined}>
                {t(`form.tabs.${name}`)}
                {name === 'signers' ? ` (${draft.signers.length})` : name === 'documents' ? ` (${draft.documents.length})` : ''}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="signers">
            <SignersTab
              signers={draft.signers}
              errors={errors}
              onChange={editing.changeSigner}
              onAdd={editing.addSigner}
              onRemove={editing.removeSigner}
              onMove={editing.moveSigner}
            />
          </Tabs.Panel>
          <Tabs.Panel value="documents">
            <DocumentsTab
              documents={draft.documents}
              signers={draft.signers}
              errors={errors}
              onAddFiles={addFiles}
              onChange={editing.changeDocument}
              onRemove={editing.removeDocument}
            />
          </Tabs.Panel>
          <Tabs.Panel value="options">
            <OptionsTab form={form} features={features} embedded={!!account.embedded} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      {billingIncomplete && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('form.liveWarning')}{' '}
          {account.permissions.includes('billing.read') && (
            <Anchor component={Link} to={billingSettingsPath} size="sm">
              {t('form.billingSettings')}
            </Anchor>
          )}
        </Alert>
      )}
      {blocking && (
        <Alert color="red" variant="light">
          {blocking}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconDeviceFloppy size={16} />}
          loading={create.isPending}
          disabled={blockedByCertificates}
          onClick={() => attempt(false)}
        >
          {t('form.saveDraft')}
        </Button>
        <Button leftSection={<IconSend size={16} />} loading={create.isPending} disabled={blockedByCertificates} onClick={() => attempt(true)}>
          {t('form.send')}
        </Button>
      </Group>
    </Stack>
  );
}
