import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@shared/constants';
import { setLocale } from '../../lib/i18n';
import { renderKit } from '@tests/helpers/kit-render';
import { LanguageSwitch } from './language-switch';

describe('language switch', () => {
  afterEach(() => setLocale('cn'));

  it('opens its menu on the first click, although the menu loads only then, and keeps the choice', async () => {
    const user = userEvent.setup();
    renderKit(<LanguageSwitch />, { locale: 'cn' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '语言' }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(await screen.findByRole('button', { name: 'Language' })).toHaveTextContent('English');
  });
});
