import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import OfflineDialog from './offline-dialog';

describe('OfflineDialog', () => {
  it('warns with the wifi-off icon and the networkDialog.offline text', () => {
    render(<OfflineDialog />);
    const dialog = screen.getByRole('alertdialog', { name: 'You are offline' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/lost its internet connection.*as soon as you are back online/);
    expect(dialog.querySelector('[data-testid="WifiOffIcon"]')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('takes the focus and makes the rest of the page inert until it goes', () => {
    const page = document.createElement('button');
    page.textContent = 'Something on the page';
    document.body.appendChild(page);
    page.focus();

    const { unmount } = render(<OfflineDialog />);
    expect(screen.getByRole('alertdialog')).toHaveFocus();
    expect(page).toHaveAttribute('inert');

    unmount();
    expect(page).not.toHaveAttribute('inert');
    expect(page).toHaveFocus();
    page.remove();
  });

  it('cannot be dismissed with Escape or a click outside', () => {
    render(<OfflineDialog />);
    const dialog = screen.getByRole('alertdialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.mouseDown(dialog.parentElement!);
    fireEvent.click(dialog.parentElement!);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
