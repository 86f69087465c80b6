import { useState } from 'react';
import { Alert, Button, Checkbox, FileInput, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCreateBuiltinAccount, useImportAccount } from '../api.ts';
import { problemOf } from '../problem.ts';

interface Common {
  label: string;
  reason: string;
  isDefault: boolean;
}

function CommonFields({ value, onChange }: { value: Common; onChange: (next: Common) => void }) {
  const { t } = useTranslation('stamps');
  return (
    <>
      <TextInput label={t('accounts.label')} required value={value.label} onChange={(e) => onChange({ ...value, label: e.currentTarget.value })} />
      <TextInput
        label={t('accounts.reason')}
        description={t('accounts.reasonHelp')}
        value={value.reason}
        onChange={(e) => onChange({ ...value, reason: e.currentTarget.value })}
      />
      <Checkbox label={t('accounts.makeDefault')} checked={value.isDefault} onChange={(e) => onChange({ ...value, isDefault: e.currentTarget.checked })} />
    </>
  );
}

const empty: Common = { label: '', reason: '', isDefault: false };

/** Import the tenant's own certificate (.p12 / .pfx with its password); refusals say what is wrong with the file. */
export function ImportAccountForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('stamps');
  const importAccount = useImportAccount();
  const [common, setCommon] = useState(empty);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  return (
    <Stack>
      <FileInput label={t('accounts.p12')} accept=".p12,.pfx,application/x-pkcs12" value={file} onChange={setFile} required />
      <PasswordInput label={t('accounts.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="off" />
      <CommonFields value={common} onChange={setCommon} />
      {importAccount.error && <Alert color="red">{problemOf(importAccount.error, t)}</Alert>}
      <Button
        disabled={!file || !common.label.trim()}
        loading={importAccount.isPending}
        onClick={() => file && importAccount.mutate({ file, password, ...common }, { onSuccess: onDone })}
      >
        {t('accounts.import')}
      </Button>
    </Stack>
  );
}

/** A certificate of the platform's CA naming the company. */
export function BuiltinAccountForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('stamps');
  const create = useCreateBuiltinAccount();
  const [common, setCommon] = useState(empty);
  return (
    <Stack>
      <Alert color="blue" variant="light">
        {t('accounts.builtinHelp')}
      </Alert>
      <CommonFields value={common} onChange={setCommon} />
      {create.error && <Alert color="red">{problemOf(create.error, t)}</Alert>}
      <Button disabled={!common.label.trim()} loading={create.isPending} onClick={() => create.mutate(common, { onSuccess: onDone })}>
        {t('accounts.create')}
      </Button>
    </Stack>
  );
}
