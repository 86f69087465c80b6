import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { consumptionKinds, packPriceLists, priceListInputSchema, type TenantPrices, type VolumeDiscount } from '@paraphe/contracts';
import { ApiError, isCancellation } from '../../../shared/api/apiError.ts';
import { notify, notifyApiError } from '../../../shared/api/notify.ts';
import { schemaValidator } from '../../../shared/forms/formErrors.ts';
import { useSaveTenantPrices, useTenantPrices } from '../api.ts';

/** Prices are edited in euros (two decimals) and sent in cents; same paths as the contract, for its errors. */
type Values = { unitPrices: Record<string, number>; discounts: VolumeDiscount[] };
const valuesOf = (p: Pick<TenantPrices, 'unitPrices' | 'discounts'>): Values => ({
  unitPrices: Object.fromEntries(consumptionKinds.map((k) => [k, p.unitPrices[k] / 100])),
  discounts: p.discounts.map((d) => ({ ...d })),
});
const inputOf = (v: Values) => ({
  unitPrices: Object.fromEntries(consumptionKinds.map((k) => [k, Math.round(Number(v.unitPrices[k] ?? 0) * 100)])) as TenantPrices['unitPrices'],
  discounts: v.discounts.map((d) => ({ threshold: Number(d.threshold), percent: Number(d.percent) })),
});

/** The product administrator's view of a tenant's prices (application view, tab Billing). */
export function TenantPricesPanel({ applicationId }: { applicationId: string }) {
  const prices = useTenantPrices(applicationId);
  if (!prices.data)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  return <PricesForm applicationId={applicationId} prices={prices.data} key={prices.data.updatedAt ?? 'pack'} />;
}

function PricesForm({ applicationId, prices }: { applicationId: string; prices: TenantPrices }) {
  const { t } = useTranslation('billing');
  const save = useSaveTenantPrices(applicationId);
  const form = useForm<Values>({ initialValues: valuesOf(prices), validate: schemaValidator(priceListInputSchema, t, (v: Values) => inputOf(v)) });
  const onError = (error: unknown) => {
    if (isCancellation(error)) return;
    if (error instanceof ApiError && error.fields.length) form.setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
    else notifyApiError(error);
  };
  const submit = form.onSubmit((values) => save.mutate(inputOf(values), { onSuccess: () => notify(t('prices.saved'), 'success'), onError }));
  const reset = () => save.mutate(null, { onSuccess: () => notify(t('prices.resetDone'), 'success'), onError });

  return (
    <Paper withBorder p="lg" radius="md">
      <form noValidate onSubmit={submit}>
        <Stack>
          <Group justify="space-between">
            <Group gap="xs">
              <Title order={4}>{t('prices.title')}</Title>
              <Badge variant="light" color={prices.custom ? 'blue' : 'gray'}>
                {prices.custom ? t('prices.custom') : t('prices.packDefaults', { pack: t(`packs.${prices.pack}`) })}
              </Badge>
            </Group>
            <Button variant="subtle" onClick={() => form.setValues(valuesOf(packPriceLists[prices.pack]))}>
              {t('prices.fillFromPack')}
            </Button>
          </Group>
          <Alert variant="light" color="gray">
            {t('prices.help')}
          </Alert>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {consumptionKinds.map((kind) => (
              <NumberInput
                key={kind}
                label={t(`kinds.${kind}`)}
                min={0}
                decimalScale={2}
                fixedDecimalScale
                step={0.01}
                suffix=" €"
                {...form.getInputProps(`unitPrices.${kind}`)}
              />
            ))}
          </SimpleGrid>
          <Title order={5}>{t('prices.discounts')}</Title>
          <Text size="sm" c="dimmed">
            {t('prices.discountsHelp')}
          </Text>
          {form.values.discounts.map((_, i) => (
            <Group key={i} align="flex-end">
              <NumberInput label={t('prices.threshold')} min={1} allowDecimal={false} {...form.getInputProps(`discounts.${i}.threshold`)} />
              <NumberInput label={t('prices.percent')} min={0} max={100} decimalScale={2} suffix=" %" {...form.getInputProps(`discounts.${i}.percent`)} />
              <ActionIcon variant="subtle" color="red" aria-label={t('prices.removeDiscount')} onClick={() => form.removeListItem('discounts', i)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {form.errors.discounts && (
            <Text c="red" size="sm">
              {form.errors.discounts}
            </Text>
          )}
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              onClick={() => form.insertListItem('discounts', { threshold: 1000, percent: 5 })}
              disabled={form.values.discounts.length >= 10}
            >
              {t('prices.addDiscount')}
            </Button>
          </Group>
          <Group justify="flex-end">
            {prices.custom && (
              <Button variant="default" color="red" onClick={reset} loading={save.isPending}>
                {t('prices.reset')}
              </Button>
            )}
            <Button type="submit" loading={save.isPending}>
              {t('prices.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
