import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { monthLabel } from '../../../shared/format.ts';

export interface MonthlySeries {
  name: string;
  label: string;
  color: string;
}

/**
 * Bars per month (@mantine/charts over recharts: this lazy chunk only). The x axis shows month names; at 360 px
 * recharts drops the labels that would overlap.
 */
export function MonthlyBars(props: {
  months: readonly ({ month: string } & Record<string, number | string>)[];
  series: MonthlySeries[];
  ariaLabel: string;
  format?: (value: number) => string;
  h?: number;
}) {
  const { i18n } = useTranslation();
  const data = props.months.map((m) => ({ ...m, month: monthLabel(m.month, i18n.language) }));
  // The name is on a figure around the chart: BarChart's root is a plain div, where aria-label is not allowed.
  return (
    <Box role="figure" aria-label={props.ariaLabel}>
      <BarChart
        h={props.h ?? 220}
        data={data}
        dataKey="month"
        series={props.series}
        withLegend={props.series.length > 1}
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={props.format}
        tickLine="none"
        gridAxis="y"
        yAxisProps={{ width: props.format ? 70 : 40 }}
      />
    </Box>
  );
}
