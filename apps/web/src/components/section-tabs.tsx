import { Box, Tab, Tabs, type SxProps, type Theme } from '@mui/material';
import { Link } from 'react-router';

export interface Section {
  to: string;
  label: string;
}

/**
 * Every tab in view on every width: on a phone the tabs share the row (a long label wraps at a space),
 * rather than scrolling some out of sight behind arrows.
 */
const fitAll: SxProps<Theme> = {
  '& .MuiTab-root': {
    minWidth: 0,
    // Each as wide as its label needs, so "Subscription" is never cut.
    flex: { xs: '1 1 auto', sm: '0 0 auto' },
    px: { xs: 0.75, sm: 2 },
    fontSize: { xs: '0.8125rem', sm: undefined },
    whiteSpace: 'normal',
    lineHeight: 1.25,
    textAlign: 'center',
  },
};

/**
 * An area's sections as tabs that are links (each section has its own URL), in a labelled navigation
 * landmark. `layout`: `fit` keeps every tab in view; `scroll` lets many tabs scroll on a phone.
 */
export function SectionTabs({
  sections,
  current,
  label,
  layout,
}: {
  sections: Section[];
  current: string | false;
  label: string;
  layout: 'fit' | 'scroll';
}) {
  return (
    <Box component="nav" aria-label={label} sx={{ borderBottom: 1, borderColor: 'divider', mb: { xs: 2, sm: 3 } }}>
      <Tabs
        value={current}
        aria-label={label}
        {...(layout === 'scroll' ? { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true } : { sx: fitAll })}
      >
        {sections.map((section) => (
          <Tab
            key={section.to}
            value={section.to}
            label={section.label}
            component={Link}
            to={section.to}
            aria-current={section.to === current ? 'page' : undefined}
          />
        ))}
      </Tabs>
    </Box>
  );
}
