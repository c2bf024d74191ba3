import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Notifications, notifications } from '@mantine/notifications';
import i18n from '@client/lib/i18n';
import { renderKit } from '@tests/helpers/kit-render';
import { notify, toast } from './toast';

// Mantine starts the close timer from its own transition callbacks, which jsdom does not run, so
// the duration is read from what each helper hands to Mantine while the toast itself is checked on screen.
describe('toasts', () => {
  afterEach(() => {
    act(() => notifications.clean());
    vi.restoreAllMocks();
  });

  it('a message toast shows at the top centre for 3000 ms', async () => {
    const show = vi.spyOn(notifications, 'show');
    renderKit(<Notifications />);
    act(() => void toast.success('保存成功'));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 3000, position: 'top-center', color: 'green' }));
  });

  it('a toast given as a function follows a language switch while it shows', async () => {
    renderKit(<Notifications />, { locale: 'cn' });
    act(() => void toast.success(() => i18n.t('kit:list.saved')));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    await act(async () => void (await i18n.changeLanguage('en')));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.queryByText('保存成功')).not.toBeInTheDocument();
  });

  it('a notification shows at the top right for 4500 ms', async () => {
    const show = vi.spyOn(notifications, 'show');
    renderKit(<Notifications />);
    act(() => void notify({ title: 'P-12', message: 'online', level: 'warning' }));
    expect(await screen.findByText('online')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 4500, position: 'top-right', color: 'orange' }));
  });
});
