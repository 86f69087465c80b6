import { useState } from 'react';
import { Alert, Anchor, Breadcrumbs, Button, Center, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconArrowRight, IconDeviceFloppy, IconFileSpreadsheet, IconSend } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  defaultSignatureFields,
  guessMergeMapping,
  mergeColumnsOf,
  signatoryColumns,
  type Campaign,
  type CampaignType,
  type MergeDocumentInput,
} from '@paraphe/contracts';
import { ApiError, isApiError, isCancellation } from '../../../shared/api/apiError.ts';
import { notify } from '../../../shared/api/notify.ts';
import { NotFoundPage } from '../../../shared/ui/MessagePage.tsx';
import { DraftLabelFields } from '../../../shared/forms/DraftLabelFields.tsx';
import { useMe } from '../../auth/index.ts';
import { showBillingRequired } from '../../billing/index.ts';
import { useNewRequestDefaults } from '../../settings/index.ts';
import type { NewRequestDefaults, SignatureDraft } from '../../signatures/index.ts';
import { useCampaign, useSaveCampaign } from '../api.ts';
import { campaignFormData, signatoryInputsOf, type TypedSignatory } from '../campaignForm.ts';
import { basePathOf, newKeyOf, titleKeyOf, viewPath } from '../campaignKinds.ts';
import { titleOfTemplate } from '../mailMerge.ts';
import { saveRuleOf } from '../campaignScreen.ts';
import { signatureKit } from '../signatureKit.ts';
import { SignatoriesEditor } from '../components/form/SignatoriesEditor.tsx';
import { TemplateStep, type ChosenTemplate } from '../components/mailMerge/TemplateStep.tsx';

/** `campaigns/new` or `publipostage/new` (the route's kind), and `…/edit/:id` for a draft (its own kind). */
export function CampaignFormPage({ type }: { type: CampaignType }) {
  const { id } = useParams();
  const campaign = useCampaign(id);
  if (!id) return <NewCampaignForm type={type} />;
  if (campaign.isError && isApiError(campaign.error, 'NOT_FOUND')) return <NotFoundPage />;
  if (!campaign.data)
    return (
      <Center>
        <Loader />
      </Center>
    );
  return <CampaignForm key={campaign.data.id} type={campaign.data.type} saved={campaign.data} />;
}

/** A new campaign starts from the user's defaults, else the tenant's Parameters, else the product's (settings). */
function NewCampaignForm({ type }: { type: CampaignType }) {
  const { isPending, defaults } = useNewRequestDefaults();
  if (isPending)
    return (
      <Center>
        <Loader />
      </Center>
    );
  return <CampaignForm type={type} defaults={defaults} />;
}

type Tab = 'template' | 'signatories' | 'documents' | 'options';

/**
 * A new template's merge document: the variables mapped to the signatories' columns of the same name (the
 * mapping tab of the view adjusts it), the signatory's field at the default place (last page).
 */
function newMergeDocument(template: ChosenTemplate, columns: string[]): MergeDocumentInput {
  return {
    templateId: template.id,
    title: titleOfTemplate(template.fileName),
    mapping: guessMergeMapping(template.variables, columns),
    signatureFields: defaultSignatureFields(1, false),
  };
}

/**
 * Label, description; a mail-merge's Template; Signatories (typed or picked; a spreadsheet once the draft exists),
 * Documents (PDFs and the signatory's positions, with the signatures form's editor; optional annexes for a
 * mail-merge), Options. The save rules are the server's answer.
 */
function CampaignForm({ type, saved, defaults }: { type: CampaignType; saved?: Campaign; defaults?: NewRequestDefaults }) {
  const { t } = useTranslation('campaigns');
  const me = useMe();
  const navigate = useNavigate();
  const kit = signatureKit();
  const language = me.user.language;
  const [signatories, setSignatories] = useState<TypedSignatory[]>([]);
  const mailMerge = type === 'publipostage';
  const savedTemplate = saved?.mergeDocument
    ? { id: saved.mergeDocument.templateId, fileName: saved.mergeDocument.templateFileName, variables: saved.mergeDocument.variables }
    : null;
  const [template, setTemplate] = useState<ChosenTemplate | null>(savedTemplate);
  const [tab, setTab] = useState<string | null>(mailMerge ? 'template' : 'signatories');
  const [problems, setProblems] = useState<{ tab: Tab | null; message: string }[]>([]);
  const form = useForm<SignatureDraft>({
    initialValues: (() => {
      const draft = kit.initialDraft(language, '', undefined, saved ? undefined : defaults);
      // One pseudo-signer: the position editor places "the signatory" (signerIndex 0 of every copy).
      draft.signers = [kit.newSigner(draft.options.language, { firstname: t('form.theSignatory') })];
      if (!saved) return draft;
      return { ...draft, label: saved.label, description: saved.description ?? '', options: kit.draftOptionsOf(saved.options, draft.options) };
    })(),
    onValuesChange: () => setProblems([]),
  });
  const checks = kit.useFileChecks(form);
  const editing = kit.useDraftEditing(form, language, { onAdded: checks.start, onRemoved: checks.cancel });
  const save = useSaveCampaign();
  const draft = form.getValues();
  const features = me.application.features;

  const submit = (send: boolean, then?: (campaign: Campaign) => void) => {
    const documents = draft.documents.filter((d) => d.check.status !== 'refused');
    // A new template is mapped by the columns' names; the saved one keeps its mapping and fields.
    const columns = saved ? (saved.mergeColumns ?? [...signatoryColumns]) : mergeColumnsOf(signatoryInputsOf(signatories));
    const mergeDocument = mailMerge && template && template.id !== savedTemplate?.id ? newMergeDocument(template, columns) : undefined;
    const body = campaignFormData({
      label: draft.label,
      description: draft.description,
      options: kit.optionsInputOf(draft.options),
      send,
      signatories: saved ? undefined : signatories,
      documents: !saved || documents.length > 0 ? { inputs: kit.documentInputsOf(documents), files: documents.map((d) => d.file) } : undefined,
      mergeDocument,
    });
    save.mutate(
      { id: saved?.id, type, form: body },
      {
        onSuccess: (campaign) => {
          notify(t(send ? 'done.sent' : 'done.saved'), 'success');
          if (then) then(campaign);
          else void navigate(viewPath(campaign.type, campaign.id));
        },
        onError: (error) => {
          if (isCancellation(error)) return;
          if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields.length > 0) {
            const found = error.fields.map((f) => {
              const rule = saveRuleOf(f);
              return {
                tab: rule === 'label' || rule === 'other' ? null : rule,
                message: rule === 'other' ? `${f.field}: ${f.message}` : t(`rules.${rule}`, { detail: f.message }),
              };
            });
            setProblems(found);
            const first = found.find((p) => p.tab)?.tab;
            if (first) setTab(first);
            return;
          }
          const message = error instanceof ApiError ? t(`errorsByCode.${error.code}`, { defaultValue: error.message }) : t('failed.save');
          setProblems([{ tab: null, message }]);
          showBillingRequired(error, (to) => void navigate(to), me.permissions.includes('billing.manage'));
        },
      },
    );
  };

  const checking = draft.documents.some((d) => d.check.status === 'checking');
  const attemptSend = () => {
    const count = (saved?.signatoryCount ?? 0) + (saved ? 0 : signatories.length);
    modals.openConfirmModal({
      title: t('confirm.sendTitle'),
      children: <Text size="sm">{t('confirm.sendText', { label: draft.label, count })}</Text>,
      labels: { confirm: t('actions.send'), cancel: t('confirm.keep') },
      onConfirm: () => submit(true),
    });
  };
  const saveThenImport = () => submit(false, (campaign) => void navigate(`${viewPath(campaign.type, campaign.id)}?import=1`));
  // A saved draft's stored documents: they stay until files added here replace them all.
  const keptDocuments = (saved?.documents ?? []).map((d) => ({ id: d.id, title: d.title, fileName: d.fileName, fieldCount: d.signatureFields.length }));
  const tabLabel = (name: Tab) => {
    const count =
      name === 'signatories'
        ? (saved?.signatoryCount ?? signatories.length)
        : name === 'documents'
          ? draft.documents.length || keptDocuments.length
          : name === 'template'
            ? template
              ? 1
              : 0
            : null;
    return `${t(`form.tabs.${name}`)}${count === null ? '' : ` (${count})`}`;
  };
  const tabHasProblem = (name: Tab) => problems.some((p) => p.tab === name);

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={`${basePathOf[type]}/list`}>
          {t(titleKeyOf[type])}
        </Anchor>
        <span>{saved ? saved.label : t(mailMerge ? newKeyOf[type] : 'form.title')}</span>
      </Breadcrumbs>
      <Title order={2}>{saved ? t('form.editTitle') : t(mailMerge ? newKeyOf[type] : 'form.title')}</Title>
      <DraftLabelFields form={form} texts={{ label: t('form.label'), description: t('form.description'), problems: t('form.problems') }} problems={problems} />
      <Paper withBorder p="md">
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List mb="md">
            {(mailMerge ? (['template', 'signatories', 'documents', 'options'] as const) : (['signatories', 'documents', 'options'] as const)).map((name) => (
              <Tabs.Tab key={name} value={name} c={tabHasProblem(name) ? 'red' : undefined}>
                {tabLabel(name)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {mailMerge && (
            <Tabs.Panel value="template">
              <TemplateStep template={template} onChange={setTemplate} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="signatories">
            {saved ? (
              <Text size="sm">{t('form.signatoriesOnView', { count: saved.signatoryCount })}</Text>
            ) : (
              <Stack>
                <SignatoriesEditor signatories={signatories} onChange={setSignatories} canPickContacts={me.permissions.includes('phonebook.read')} />
                <Group gap="xs">
                  <Button variant="default" size="xs" leftSection={<IconFileSpreadsheet size={14} />} loading={save.isPending} onClick={saveThenImport}>
                    {t('form.saveAndImport')}
                  </Button>
                  <Text size="xs" c="dimmed">
                    {t('form.importHelp')}
                  </Text>
                </Group>
              </Stack>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="documents">
            {mailMerge && (
              <Text size="sm" c="dimmed" mb="sm">
                {t('mailMerge.documentsHelp')}
              </Text>
            )}
            {saved && saved.documents && saved.documents.length > 0 && draft.documents.length === 0 && (
              <Alert variant="light" mb="sm">
                {t('form.documentsKept', { names: saved.documents.map((d) => d.fileName).join(', ') })}
              </Alert>
            )}
            <kit.DocumentsTab
              documents={draft.documents}
              signers={draft.signers}
              errors={form.errors as Record<string, string>}
              onAddFiles={(files) => editing.addFiles(files.filter(kit.isAcceptedFile))}
              onChange={editing.changeDocument}
              onRemove={editing.removeDocument}
              kept={keptDocuments}
            />
          </Tabs.Panel>
          <Tabs.Panel value="options">
            <kit.OptionsTab form={form} features={features} singleSigner />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <Group justify="flex-end">
        {/* A mail-merge is sent from its page, once its mapping was checked on the preview. */}
        {mailMerge ? (
          <Button leftSection={<IconArrowRight size={16} />} loading={save.isPending} disabled={checking} onClick={() => submit(false)}>
            {t('mailMerge.saveAndMap')}
          </Button>
        ) : (
          <>
            <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} disabled={checking} onClick={() => submit(false)}>
              {t('form.saveDraft')}
            </Button>
            <Button leftSection={<IconSend size={16} />} loading={save.isPending} disabled={checking} onClick={attemptSend}>
              {t('form.send')}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
