import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../lib/errors/reload-page';
import { clickOutsideDialog, pressEscape } from './dialog-test-utils';
import NetworkErrorDialog from './network-error-dialog';

vi.mock('../../lib/errors/reload-page', () => ({ reloadPage: vi.fn() }));

beforeEach(() => vi.mocked(reloadPage).mockClear());

describe('NetworkErrorDialog', () => {
  it('says the server cannot be reached, asks for patience and thanks the person', () => {
    render(<NetworkErrorDialog onRetry={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'NETWORK ERROR' });
    expect(dialog).toHaveAccessibleDescription(/cannot connect to the server.*be patient.*thank you/i);
  });

  it("offers 'Try again' and Reload", async () => {
    const onRetry = vi.fn();
    render(<NetworkErrorDialog onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('is persistent: Escape and a click outside do nothing', () => {
    const onRetry = vi.fn();
    render(<NetworkErrorDialog onRetry={onRetry} />);
    pressEscape();
    clickOutsideDialog();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(onRetry).not.toHaveBeenCalled();
  });
});
