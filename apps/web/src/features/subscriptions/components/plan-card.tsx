import CheckIcon from '@mui/icons-material/Check';
import { Box, Button, Card, CardContent, Chip, Divider, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { Plan } from '../api/get-plans';
import { checkoutHref, formatPrice } from '../utils/plan-display';

const KNOWN_INTERVALS = ['day', 'week', 'month', 'year'] as const;
type KnownInterval = (typeof KNOWN_INTERVALS)[number];

function isKnownInterval(interval: string): interval is KnownInterval {
  return (KNOWN_INTERVALS as readonly string[]).includes(interval);
}

interface PlanCardProps {
  plan: Plan;
  isCurrent: boolean;
  /** pathname + search of the page the checkout should come back to. */
  currentPath: string;
}

/** One plan: name, price, description, the subscribe button and 'This includes:' (docs/product.md). */
export function PlanCard({ plan, isCurrent, currentPath }: PlanCardProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const includesId = useId();
  const isLeader = plan.type === 'leader_subscription';
  const { interval } = plan.price;
  // Intervals we know are translated; anything else the server sends is shown as it came.
  const intervalLabel = interval ? (isKnownInterval(interval) ? t(`subscription.intervals.${interval}`) : interval) : null;

  return (
    <Card
      component="article"
      aria-labelledby={nameId}
      data-testid="plan-card"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        overflow: 'visible',
        ...(isLeader && { borderColor: 'primary.main', borderWidth: 2, boxShadow: 3 }),
      }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, flexGrow: 1, p: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={nameId} component="h3" variant="h3">
            {plan.name}
          </Typography>
          {isLeader && <Chip label={t('subscription.plans.recommended')} color="primary" size="small" variant="outlined" />}
        </Box>

        <Typography component="p" data-testid="plan-price" sx={{ display: 'flex', alignItems: 'baseline', gap: 0.25 }}>
          <Box component="span" sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.1 }}>
            {formatPrice(plan.price.unitAmount)}
          </Box>
          {intervalLabel && (
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500 }}>
              {t('subscription.plans.perInterval', { interval: intervalLabel })}
            </Box>
          )}
        </Typography>

        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {plan.description}
        </Typography>

        {isCurrent ? (
          <Button variant="outlined" size="large" fullWidth disabled aria-describedby={nameId}>
            {t('subscription.plans.currentPlan')}
          </Button>
        ) : (
          <Button
            variant={isLeader ? 'contained' : 'outlined'}
            size="large"
            fullWidth
            href={checkoutHref(plan.checkoutUrl, currentPath)}
            aria-describedby={nameId}
          >
            {t('subscription.plans.subscribe')}
          </Button>
        )}

        <Divider />

        <Box>
          <Typography id={includesId} variant="subtitle2" component="p">
            {t('subscription.plans.includes')}
          </Typography>
          <List dense disablePadding aria-labelledby={includesId}>
            {plan.features.map((feature) => (
              <ListItem key={feature} disableGutters sx={{ alignItems: 'flex-start' }}>
                <ListItemIcon sx={{ minWidth: 30, mt: 0.75, color: 'primary.main' }}>
                  <CheckIcon fontSize="small" aria-hidden />
                </ListItemIcon>
                <ListItemText primary={feature} />
              </ListItem>
            ))}
          </List>
        </Box>
      </CardContent>
    </Card>
  );
}
