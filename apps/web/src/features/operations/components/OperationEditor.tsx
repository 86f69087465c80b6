import { useState } from 'react';
import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconDeviceFloppy, IconSend, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Operation } from '@paraphe/contracts';
import { ApiError, isCancellation } from '../../../shared/api/apiError.ts';
import { notify } from '../../../shared/api/notify.ts';
import { DraftLabelFields } from '../../../shared/forms/DraftLabelFields.tsx';
import { useMe } from '../../auth/index.ts';
import type { SignatureDraft } from '../../signatures/index.ts';
import { useOperationCommand, useSaveOperation } from '../api.ts';
import { signatureKit } from '../kit.ts';
import { DocumentsPool } from './DocumentsPool.tsx';
import { ImportOrders } from './ImportOrders.tsx';
import { OrderForm } from './OrderForm.tsx';
import { OrdersPanel } from './OrdersPanel.tsx';
import { TemplateOrigin } from './TemplateOrigin.tsx';

type Tab = 'signatures' | 'documents' | 'options';
const tabOfField = (field: string): Tab | null =>
  field.startsWith('transactionOrders') ? 'signatures' : field.startsWith('transactionDocument') ? 'documents' : null;

/** A draft operation: title, description; tabs Signatures (orders), Documents (the pool), Options; save, send, delete. */
export function OperationEditor({ operation }: { operation: Operation }) {
  const { t } = useTranslation('operations');
  const me = useMe();
  const navigate = useNavigate();
  const kit = signatureKit();
  const [tab, setTab] = useState<string | null>('signatures');
  const [problems, setProblems] = useState<{ tab: Tab | null; message: string }[]>([]);
  const form = useForm<SignatureDraft>({
    initialValues: (() => {
      const draft = kit.initialDraft(me.user.language);
      return { ...draft, label: operation.label, description: operation.description ?? '', options: kit.draftOptionsOf(operation.options, draft.options) };
    })(),
    onValuesChange: () => setProblems([]),
  });
  const save = useSaveOperation(operation.id);
  const command = useOperationCommand(operation.id);
  const canManage = me.permissions.includes('operations.manage');

  const submit = (send: boolean) => {
    const draft = form.getValues();
    const body = new FormData();
    body.append('label', draft.label);
    body.append('description', draft.description);
    body.append('optionsRequest', JSON.stringify(kit.optionsInputOf(draft.options)));
    body.append('transactionRequest', JSON.stringify({ send }));
    save.mutate(body, {
      onSuccess: () => notify(t(send ? 'done.sent' : 'done.saved'), 'success'),
      onError: (error) => {
        if (isCancellation(error)) return;
        if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields.length > 0) {
          const found = error.fields.map((f) => ({ tab: tabOfField(f.field), message: f.message }));
          setProblems(found);
          const first = found.find((p) => p.tab)?.tab;
          if (first) setTab(first);
          return;
        }
        setProblems([{ tab: null, message: error instanceof ApiError ? error.message : t('failed.save') }]);
      },
    });
  };
  const attemptSend = () =>
    modals.openConfirmModal({
      title: t('confirm.sendTitle'),
      children: <Text size="sm">{t('confirm.sendText', { count: operation.orderCount })}</Text>,
      labels: { confirm: t('actions.send'), cancel: t('confirm.keep') },
      onConfirm: () => submit(true),
    });
  const remove = () =>
    modals.openConfirmModal({
      title: t('confirm.deleteTitle'),
      children: <Text size="sm">{t('confirm.deleteText')}</Text>,
      labels: { confirm: t('actions.delete'), cancel: t('confirm.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => command.mutate({ kind: 'delete' }, { onSuccess: () => void navigate('/batches/list') }),
    });
  const documents = operation.documents ?? [];

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/batches/list">
          {t('title')}
        </Anchor>
        <span>{operation.label || t('untitled')}</span>
      </Breadcrumbs>
      <Title order={2}>{t('form.title')}</Title>
      <DraftLabelFields form={form} texts={{ label: t('form.label'), description: t('form.description'), problems: t('form.problems') }} problems={problems} />
      <Paper withBorder p="md">
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List mb="md">
            <Tabs.Tab
              value="signatures"
              c={problems.some((p) => p.tab === 'signatures') ? 'red' : undefined}
            >{`${t('form.tabs.signatures')} (${operation.orderCount})`}</Tabs.Tab>
            <Tabs.Tab
              value="documents"
              c={problems.some((p) => p.tab === 'documents') ? 'red' : undefined}
            >{`${t('form.tabs.documents')} (${documents.length})`}</Tabs.Tab>
            <Tabs.Tab value="options">{t('form.tabs.options')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="signatures">
            <Stack>
              {operation.fromTemplate && <TemplateOrigin template={operation.fromTemplate} />}
              {canManage && <OrderForm operation={operation} />}
              {canManage && <ImportOrders operationId={operation.id} documentOptional={operation.fromTemplate !== null} />}
              <OrdersPanel operation={operation} canManage={canManage} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="documents">
            <DocumentsPool operation={operation} canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="options">
            {/* Orders are sent by the machine: chaining by e-mail, no co-signers (the tab's one-signer mode hides both). */}
            <kit.OptionsTab form={form} features={me.application.features} singleSigner />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      {canManage && (
        <Group justify="space-between">
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={remove}>
            {t('actions.delete')}
          </Button>
          <Group>
            <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} onClick={() => submit(false)}>
              {t('form.saveDraft')}
            </Button>
            <Button leftSection={<IconSend size={16} />} loading={save.isPending} onClick={attemptSend}>
              {t('form.send')}
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}
