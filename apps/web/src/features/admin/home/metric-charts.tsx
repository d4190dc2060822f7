import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { formatUsd } from '@pria/contracts';
import { monthLabel } from '../shared/display.ts';
import { ChartCard } from './chart-card.tsx';
import type { MonthMetrics } from './queries.ts';

interface ChartsProps {
  months: MonthMetrics[];
  loading: boolean;
}

const dollars = (cents: number) => formatUsd(Math.round(cents));
const hasAny = (months: MonthMetrics[], pick: (m: MonthMetrics) => number) => months.some((m) => pick(m) > 0);

/** $3 charges captured vs pay-backs sent, per New York month (values stay cents; labels in dollars). */
export function ChargedVsPaidBackChart({ months, loading }: ChartsProps) {
  const data = months.map((m) => ({
    month: monthLabel(m.month),
    Charged: m.chargedCents,
    'Paid back': m.paidBackCents,
  }));
  return (
    <ChartCard
      title="Charged vs paid back"
      description="Monthly $3 charges captured and pay-backs sent"
      loading={loading}
      empty={!hasAny(months, (m) => m.chargedCents + m.paidBackCents)}
    >
      <BarChart
        h={240}
        data={data}
        dataKey="month"
        series={[
          { name: 'Charged', color: 'navy.6' },
          { name: 'Paid back', color: 'teal.6' },
        ]}
        valueFormatter={dollars}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        yAxisProps={{ width: 64 }}
      />
    </ChartCard>
  );
}

export function DeclineRateChart({ months, loading }: ChartsProps) {
  const data = months.map((m) => ({
    month: monthLabel(m.month),
    'Decline rate': Math.round(m.declineRate * 1000) / 10,
  }));
  return (
    <ChartCard
      title="Decline rate"
      description="Declined charges as a share of all attempts"
      loading={loading}
      empty={!hasAny(months, (m) => m.captured + m.declined)}
    >
      <LineChart
        h={240}
        data={data}
        dataKey="month"
        series={[{ name: 'Decline rate', color: 'red.6' }]}
        valueFormatter={(v) => `${v}%`}
        curveType="monotone"
        tickLine="y"
        yAxisProps={{ domain: [0, 'auto'], width: 48 }}
      />
    </ChartCard>
  );
}

export function ActiveSubscriptionsChart({ months, loading }: ChartsProps) {
  const data = months.map((m) => ({
    month: monthLabel(m.month),
    'Active subscriptions': m.activeSubscriptions,
  }));
  return (
    <ChartCard
      title="Active subscriptions"
      description="Subscriptions active at each month's end"
      loading={loading}
      empty={!hasAny(months, (m) => m.activeSubscriptions)}
    >
      <AreaChart
        h={240}
        data={data}
        dataKey="month"
        series={[{ name: 'Active subscriptions', color: 'teal.6' }]}
        curveType="monotone"
        tickLine="y"
        yAxisProps={{ allowDecimals: false, width: 40 }}
      />
    </ChartCard>
  );
}
