import { Box, Paper, Stack, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { linePaths, niceMax, peak, total, xAt, xLabelIndexes, yAt, yTicks, type Frame, type Point } from './chart-scale';

export interface ChartSeries {
  label: string;
  points: Point[];
}

interface TimeSeriesChartProps {
  title: string;
  /** One series draws a filled area; several draw lines with a legend. */
  series: ChartSeries[];
  /** The figure under the title (a total, or the last day's value). */
  headline: string;
}

const HEIGHT = 200;
const frameFor = (width: number): Frame => ({ width, height: HEIGHT, left: 40, right: 12, top: 12, bottom: 28 });

/**
 * The drawing is as wide as its box, measured, so text and strokes keep their size from a phone to a
 * wide screen (a fixed viewBox would scale them with the box).
 */
function useWidth(initial: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

const shortDate = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const formatDay = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`));

/** A daily series as a small hand-drawn SVG chart: gridlines, a few date labels, and the day under the pointer. */
export function TimeSeriesChart({ title, series, headline }: TimeSeriesChartProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const titleId = useId();
  const [hover, setHover] = useState<number | null>(null);
  const { ref, width } = useWidth(560);
  const FRAME = frameFor(width);
  const palette = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.warning.main, theme.palette.info.main];
  const days = series[0]?.points ?? [];
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.value))));
  const filled = series.length === 1;

  const all = series.flatMap((s) => s.points);
  const busiest = peak(series.length === 1 ? days : days.map((d, i) => ({ date: d.date, value: total(series.map((s) => s.points[i]!)) })));
  const summary = busiest
    ? t('admin.overview.chartSummary', { title, total: total(all), max: busiest.value, date: formatDay(busiest.date) })
    : t('admin.overview.chartEmpty', { title });

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * FRAME.width;
    const inner = FRAME.width - FRAME.left - FRAME.right;
    const index = Math.round(((x - FRAME.left) / inner) * (days.length - 1));
    setHover(days.length ? Math.min(days.length - 1, Math.max(0, index)) : null);
  };

  return (
    <Paper component="figure" variant="outlined" aria-labelledby={titleId} sx={{ m: 0, p: 2, height: '100%' }}>
      <Box component="figcaption" sx={{ mb: 1 }}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="h5" component="p">
          {headline}
        </Typography>
      </Box>
      <Box ref={ref}>
        <Box
          component="svg"
          viewBox={`0 0 ${FRAME.width} ${FRAME.height}`}
          role="img"
          aria-label={summary}
          onPointerMove={onPointerMove}
          onPointerLeave={() => setHover(null)}
          width={width}
          height={HEIGHT}
          sx={{ width: '100%', height: HEIGHT, display: 'block', touchAction: 'pan-y', fontFamily: theme.typography.fontFamily }}
        >
          {yTicks(max).map((tick) => (
            <g key={tick}>
              <line
                x1={FRAME.left}
                x2={FRAME.width - FRAME.right}
                y1={yAt(FRAME, tick, max)}
                y2={yAt(FRAME, tick, max)}
                stroke={theme.palette.divider}
              />
              <text x={FRAME.left - 8} y={yAt(FRAME, tick, max) + 4} textAnchor="end" fontSize={12} fill={theme.palette.text.secondary}>
                {tick}
              </text>
            </g>
          ))}
          {xLabelIndexes(days.length).map((i, n, all) => (
            <text
              key={i}
              x={xAt(FRAME, i, days.length)}
              y={FRAME.height - 8}
              fontSize={12}
              fill={theme.palette.text.secondary}
              textAnchor={n === 0 ? 'start' : n === all.length - 1 ? 'end' : 'middle'}
            >
              {formatDay(days[i]!.date)}
            </text>
          ))}
          {series.map((s, index) => {
            const { line, area } = linePaths(FRAME, s.points, max);
            const color = palette[index % palette.length]!;
            return (
              <g key={s.label}>
                {filled && <path d={area} fill={color} fillOpacity={0.14} />}
                <path d={line} fill="none" stroke={color} strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
              </g>
            );
          })}
          {hover !== null && days[hover] && (
            <g aria-hidden="true" pointerEvents="none">
              <line
                x1={xAt(FRAME, hover, days.length)}
                x2={xAt(FRAME, hover, days.length)}
                y1={FRAME.top}
                y2={FRAME.height - FRAME.bottom}
                stroke={theme.palette.text.secondary}
                strokeDasharray="3 3"
              />
              {series.map((s, index) => (
                <circle
                  key={s.label}
                  cx={xAt(FRAME, hover, days.length)}
                  cy={yAt(FRAME, s.points[hover]?.value ?? 0, max)}
                  r={4}
                  fill={palette[index % palette.length]}
                />
              ))}
              <ChartTooltip
                frame={FRAME}
                x={xAt(FRAME, hover, days.length)}
                date={formatDay(days[hover].date)}
                values={series.map((s) => [s.label, s.points[hover]?.value ?? 0])}
              />
            </g>
          )}
        </Box>
      </Box>
      {!filled && (
        <Stack component="ul" direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {series.map((s, index) => (
            <Stack component="li" key={s.label} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <Box aria-hidden="true" sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: palette[index % palette.length] }} />
              <Typography variant="body2">
                {s.label}: {s.points[s.points.length - 1]?.value ?? 0}
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** The hovered day's values in a small box that stays inside the chart. */
function ChartTooltip({ frame: FRAME, x, date, values }: { frame: Frame; x: number; date: string; values: [string, number][] }) {
  const theme = useTheme();
  const width = 150;
  const height = 22 + values.length * 18;
  const left = Math.min(Math.max(x + 10, FRAME.left), FRAME.width - FRAME.right - width);
  const flipped = x + 10 + width > FRAME.width - FRAME.right ? Math.max(FRAME.left, x - 10 - width) : left;
  return (
    <g transform={`translate(${flipped},${FRAME.top})`}>
      <rect width={width} height={height} rx={6} fill={theme.palette.background.paper} stroke={theme.palette.divider} />
      <text x={10} y={17} fontSize={12} fontWeight={600} fill={theme.palette.text.primary}>
        {date}
      </text>
      {values.map(([label, value], i) => (
        <text key={label} x={10} y={35 + i * 18} fontSize={12} fill={theme.palette.text.primary}>
          {label}: {value}
        </text>
      ))}
    </g>
  );
}
