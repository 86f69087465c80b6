import { useState } from 'react';
import { Alert, Button, Checkbox, FileInput, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { certificationPermissions, stampFormats, type CertificationPermission, type Stamp, type StampAccount, type StampFormat } from '@paraphe/contracts';
import { useTranslation } from 'react-i18next';
import { downloadSealed, useSealFile } from '../api.ts';
import { problemOf } from '../problem.ts';

interface Position {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}
const defaultPosition: Position = { page: -1, x: 70, y: 70, width: 150, height: 60 };

/** Seal one PDF: account, format, visible or not at a page/x/y position (points from the bottom-left corner). */
export function SealForm({ accounts }: { accounts: StampAccount[] }) {
  const { t } = useTranslation('stamps');
  const seal = useSealFile();
  const [file, setFile] = useState<File | null>(null);
  const [accountId, setAccountId] = useState<string | null>(null);
  const [format, setFormat] = useState<StampFormat>('PADES');
  const [visible, setVisible] = useState(false);
  /** Certification (DocMDP): '' = a plain seal; 1 no change, 2 forms and signatures, 3 also annotations. */
  const [certify, setCertify] = useState<'' | '1' | '2' | '3'>('');
  const [position, setPosition] = useState<Position>(defaultPosition);
  const [result, setResult] = useState<Stamp | null>(null);
  const chosen = accountId ?? accounts.find((a) => a.isDefault)?.id ?? null;
  const number = (field: keyof Position) => (value: string | number) => setPosition((p) => ({ ...p, [field]: Number(value) || defaultPosition[field] }));

  const submit = () => {
    if (!file) return;
    setResult(null);
    const placement = { accountId: chosen ?? undefined, visible, ...(visible ? position : {}) };
    seal.mutate(
      { file, request: { format, seals: [placement], certify: certify ? (Number(certify) as CertificationPermission) : null } },
      { onSuccess: setResult },
    );
  };

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={3}>{t('seal.title')}</Title>
        {accounts.length === 0 && <Alert color="yellow">{t('seal.noAccount')}</Alert>}
        <FileInput label={t('seal.file')} placeholder={t('seal.choose')} accept="application/pdf,.pdf" value={file} onChange={setFile} clearable />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('seal.account')}
            data={accounts.map((a) => ({ value: a.id, label: a.label }))}
            value={chosen}
            onChange={setAccountId}
            allowDeselect={false}
          />
          <Select
            label={t('seal.format')}
            data={stampFormats.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
            value={format}
            onChange={(v) => v && setFormat(v as StampFormat)}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Select
          label={t('seal.certify')}
          description={t('seal.certifyHelp')}
          data={[
            { value: '', label: t('seal.certifyNone') },
            ...certificationPermissions.map((p) => ({ value: String(p), label: t(`seal.certifyLevels.${p}`) })),
          ]}
          value={certify}
          onChange={(v) => setCertify((v ?? '') as typeof certify)}
          allowDeselect={false}
          maw={420}
        />
        <Checkbox label={t('seal.visible')} checked={visible} onChange={(e) => setVisible(e.currentTarget.checked)} />
        {visible && (
          <>
            <Text size="xs" c="dimmed">
              {t('seal.positionHelp')}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 5 }}>
              <NumberInput label={t('seal.page')} value={position.page} onChange={number('page')} min={-1} />
              <NumberInput label="x" value={position.x} onChange={number('x')} min={0} />
              <NumberInput label="y" value={position.y} onChange={number('y')} min={0} />
              <NumberInput label={t('seal.width')} value={position.width} onChange={number('width')} min={20} />
              <NumberInput label={t('seal.height')} value={position.height} onChange={number('height')} min={20} />
            </SimpleGrid>
          </>
        )}
        {seal.error && <Alert color="red">{problemOf(seal.error, t)}</Alert>}
        <Group>
          <Button onClick={submit} loading={seal.isPending} disabled={!file || !chosen}>
            {t('seal.submit')}
          </Button>
          {result && (
            <Button variant="light" onClick={() => void downloadSealed(result.id, result.fileName)}>
              {t('seal.download', { name: result.fileName })}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
