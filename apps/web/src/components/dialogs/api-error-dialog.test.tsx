import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../lib/errors/reload-page';
import ApiErrorDialog from './api-error-dialog';
import { clickOutsideDialog, pressEscape } from './dialog-test-utils';

vi.mock('../../lib/errors/reload-page', () => ({ reloadPage: vi.fn() }));

beforeEach(() => vi.mocked(reloadPage).mockClear());

describe('ApiErrorDialog', () => {
  it('says an error occurred on the API request, shows the status and advises reloading', () => {
    render(<ApiErrorDialog status={500} statusText="Internal Server Error" onClose={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'API Error' });
    expect(dialog).toHaveTextContent('An error occurred on the API request.');
    expect(dialog).toHaveTextContent('Status: 500 Internal Server Error');
    expect(dialog).toHaveTextContent(/reload the page/i);
  });

  it('reloads with Reload', async () => {
    render(<ApiErrorDialog status={502} statusText="Bad Gateway" onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('may be closed with its button, Escape or a click outside', async () => {
    const onClose = vi.fn();
    render(<ApiErrorDialog status={500} statusText="Internal Server Error" onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    pressEscape();
    clickOutsideDialog();
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
