import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { ConsumptionKind, ConsumptionReport } from '@paraphe/contracts';
import { formatCents, monthLabel } from '../money.ts';

const palette = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'red.6',
  'lime.6',
  'indigo.6',
  'yellow.6',
  'pink.6',
  'green.6',
  'violet.6',
  'gray.6',
  'dark.4',
  'blue.3',
];

/** Amount excluding VAT per month, stacked by kind (@mantine/charts over recharts: this chunk only). */
export function ConsumptionChart({ report }: { report: ConsumptionReport }) {
  const { t, i18n } = useTranslation('billing');
  const kinds = [...new Set(report.months.flatMap((m) => m.lines.filter((l) => l.netCents > 0).map((l) => l.kind)))] as ConsumptionKind[];
  const data = report.months.map((m) => ({
    month: monthLabel(m.month, i18n.language),
    ...Object.fromEntries(m.lines.map((l) => [l.kind, l.netCents / 100])),
  }));
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="month"
      type="stacked"
      withLegend={kinds.length > 0}
      legendProps={{ verticalAlign: 'bottom' }}
      valueFormatter={(euros) => formatCents(Math.round(euros * 100), i18n.language)}
      series={kinds.map((kind, i) => ({ name: kind, label: t(`kinds.${kind}`), color: palette[i % palette.length]! }))}
      aria-label={t('conso.chart')}
    />
  );
}
