import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { orderInputSchema, type Operation } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { notify } from '../../../shared/api/notify.ts';
import { stepsOf } from '../../../shared/forms/steps.ts';
import { WithPreviousCheckbox } from '../../../shared/forms/WithPreviousCheckbox.tsx';
import { useOperationCommand } from '../api.ts';

interface TypedSigner {
  firstname: string;
  lastname: string;
  emailAddress: string;
  phoneNum: string;
  /** Signs at the same time as the previous signer (one parallel step). */
  withPrevious: boolean;
}
const blank = (): TypedSigner => ({ firstname: '', lastname: '', emailAddress: '', phoneNum: '', withPrevious: false });
/** An operation made from a template: one row per role (signer n is role n), a prefilled role's row holding its person. */
const rowsOf = (operation: Operation): TypedSigner[] =>
  operation.fromTemplate ? operation.fromTemplate.roles.map((r) => (r.prefill ? { ...blank(), ...r.prefill } : blank())) : [blank()];

/**
 * Adds one order: the document it uses (a file of the pool, or a name to upload later) and its signers, in order —
 * each after the first may sign at the same time as the previous one (a parallel step, as in a single request). From a
 * template, the document is the template's and the rows are its roles (their kinds and steps are the template's).
 */
export function OrderForm({ operation }: { operation: Operation }) {
  const { t } = useTranslation('operations');
  const template = operation.fromTemplate;
  const [document, setDocument] = useState<string | null>(template?.document ?? null);
  const [signers, setSigners] = useState<TypedSigner[]>(() => rowsOf(operation));
  const [error, setError] = useState<string | null>(null);
  const command = useOperationCommand(operation.id);
  const files = (operation.documents ?? []).map((d) => d.fileName);

  const change = (i: number, patch: Partial<TypedSigner>) => setSigners(signers.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const add = () => {
    const steps = stepsOf(signers.map((s) => ({ role: 'signer', coSigner: false, withPrevious: s.withPrevious })));
    const transactionSigners = signers.map(({ withPrevious: _, ...s }, i) => ({ ...s, phoneNum: s.phoneNum || null, step: steps[i] }));
    const parsed = orderInputSchema.safeParse({ document: document ?? '', transactionSigners });
    if (!parsed.success) return setError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(' · '));
    setError(null);
    command.mutate(
      { kind: 'addOrder', order: parsed.data },
      {
        onSuccess: () => {
          setSigners(rowsOf(operation));
          notify(t('done.orderAdded'), 'success');
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : t('failed.save')),
      },
    );
  };

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('orders.addTitle')}
        </Text>
        <Select
          label={t('orders.document')}
          placeholder={t('orders.documentPlaceholder')}
          data={files}
          value={document}
          onChange={setDocument}
          searchable
          w={320}
        />
        {signers.map((s, i) => (
          <Group key={i} gap="xs" align="flex-end">
            {template && (
              <Text size="sm" fw={500} w={140} pb={8} truncate>
                {template.roles[i]?.name}
              </Text>
            )}
            <TextInput
              label={i === 0 ? t('orders.firstname') : undefined}
              aria-label={t('orders.firstname')}
              value={s.firstname}
              onChange={(e) => change(i, { firstname: e.currentTarget.value })}
            />
            <TextInput
              label={i === 0 ? t('orders.lastname') : undefined}
              aria-label={t('orders.lastname')}
              value={s.lastname}
              onChange={(e) => change(i, { lastname: e.currentTarget.value })}
            />
            <TextInput
              label={i === 0 ? t('orders.email') : undefined}
              aria-label={t('orders.email')}
              value={s.emailAddress}
              onChange={(e) => change(i, { emailAddress: e.currentTarget.value })}
              w={240}
            />
            <TextInput
              label={i === 0 ? t('orders.phone') : undefined}
              aria-label={t('orders.phone')}
              value={s.phoneNum}
              placeholder="+33…"
              onChange={(e) => change(i, { phoneNum: e.currentTarget.value })}
            />
            {i > 0 && !template && <WithPreviousCheckbox size="xs" checked={s.withPrevious} onChange={(withPrevious) => change(i, { withPrevious })} />}
            {signers.length > 1 && !template && (
              <ActionIcon variant="subtle" color="red" aria-label={t('orders.removeSigner')} onClick={() => setSigners(signers.filter((_, j) => j !== i))}>
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {error && (
          <Text size="xs" c="red">
            {error}
          </Text>
        )}
        <Group gap="xs">
          {!template && (
            <Button variant="default" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setSigners([...signers, blank()])}>
              {t('orders.addSigner')}
            </Button>
          )}
          <Button size="xs" onClick={add} loading={command.isPending}>
            {t('orders.add')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
