import { fireEvent } from '@testing-library/react';

/** A click on the dimmed area around an MUI dialog: it closes only when press and release both land there. */
export function clickOutsideDialog(): void {
  const container = document.querySelector('.MuiDialog-container');
  if (!container) throw new Error('no dialog is open');
  fireEvent.mouseDown(container);
  fireEvent.click(container);
}

export function pressEscape(): void {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
}
