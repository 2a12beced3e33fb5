import { Paper, Stack, Table, TableBody, TableContainer, TableHead, TableRow, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** Below md the console's lists turn into cards: a table squeezed to a phone's width cannot be read. */
export function useNarrowScreen() {
  return useMediaQuery(useTheme().breakpoints.down('md'));
}

/** A console list on a wide screen: one row per record under the column headings (`head`, TableCells). */
export function RecordTable({ label, head, children }: { label: string; head: ReactNode; children: ReactNode }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={label}>
        <TableHead>
          <TableRow>{head}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** The same list on a narrow screen: one RecordCard per record. */
export function RecordCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={label}>
      {children}
    </Stack>
  );
}

/** One record on a narrow screen, inside RecordCards. */
export function RecordCard({ children }: { children: ReactNode }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      {children}
    </Paper>
  );
}
