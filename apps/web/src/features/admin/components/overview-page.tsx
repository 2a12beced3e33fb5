import { Box, Paper, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { ADMIN_PERIODS } from '@wink/contracts/admin';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import type { AdminStats } from '../api/admin-keys';
import { useStats } from '../api/get-stats';
import { total } from './chart-scale';
import { AdminLoadState } from './load-state';
import { TimeSeriesChart } from './time-series-chart';

const DEFAULT_DAYS = 30;

/** The period lives in the URL (?days=90), so a view can be shared or reloaded. */
function usePeriod(): [number, (days: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (ADMIN_PERIODS as readonly number[]).includes(asked) ? asked : DEFAULT_DAYS;
  return [days, (next) => setParams(next === DEFAULT_DAYS ? {} : { days: String(next) }, { replace: true })];
}

function Totals({ totals }: { totals: AdminStats['totals'] }) {
  const { t } = useTranslation();
  const tiles = [
    [t('admin.overview.users'), totals.users],
    [t('admin.overview.activeSubscriptions'), totals.activeSubscriptions],
    [t('admin.overview.discussions'), totals.discussions],
    [t('admin.overview.comments'), totals.comments],
    [t('admin.overview.openReports'), totals.openReports],
    [t('admin.overview.bannedUsers'), totals.bannedUsers],
  ] as const;
  return (
    <Box component="section" aria-label={t('admin.overview.totals')}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(6, 1fr)' } }}
      >
        {tiles.map(([label, value]) => (
          <Paper key={label} variant="outlined" sx={{ p: 2 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h4" sx={{ m: 0, fontWeight: 600 }}>
              {value.toLocaleString('en')}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

function Charts({ stats }: { stats: AdminStats }) {
  const { t } = useTranslation();
  const inPeriod = (points: { date: string; value: number }[]) => t('admin.overview.inPeriod', { count: total(points) });
  const plans = stats.series.activeSubscriptions;
  const atEnd = plans.reduce((sum, plan) => sum + (plan.points[plan.points.length - 1]?.value ?? 0), 0);
  const charts = [
    { title: t('admin.overview.signUps'), points: stats.series.signUps },
    { title: t('admin.overview.searches'), points: stats.series.searches },
    { title: t('admin.overview.newDiscussions'), points: stats.series.discussions },
    { title: t('admin.overview.newComments'), points: stats.series.comments },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <TimeSeriesChart
          title={t('admin.overview.subscriptionsByPlan')}
          headline={t('admin.overview.endOfPeriod', { count: atEnd })}
          series={plans.map((plan) => ({ label: plan.planName, points: plan.points }))}
        />
      </Box>
      {charts.map((chart) => (
        <TimeSeriesChart
          key={chart.title}
          title={chart.title}
          headline={inPeriod(chart.points)}
          series={[{ label: chart.title, points: chart.points }]}
        />
      ))}
    </Box>
  );
}

/** Figures: totals now, and daily charts over the chosen period. */
export default function OverviewPage() {
  const { t } = useTranslation();
  const [days, setDays] = usePeriod();
  const stats = useStats(days);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h2">{t('admin.nav.overview')}</Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={days}
          aria-label={t('admin.overview.period')}
          onChange={(_, next: number | null) => next && setDays(next)}
        >
          {ADMIN_PERIODS.map((period) => (
            <ToggleButton key={period} value={period}>
              {t('admin.overview.periodDays', { count: period })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {stats.data ? (
        <>
          <Totals totals={stats.data.totals} />
          <Typography variant="body2" color="text.secondary">
            {t('admin.overview.perDay', { from: stats.data.from, to: stats.data.to })}
          </Typography>
          <Charts stats={stats.data} />
        </>
      ) : (
        <AdminLoadState query={stats} />
      )}
    </Box>
  );
}
