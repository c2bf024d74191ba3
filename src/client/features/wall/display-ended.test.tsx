import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../tests/helpers/render';
import DisplayEnded from './display-ended';

/** The page a display goes to once the server ended its session (app/navigation-check.ts afterSessionEnded, tested there). */
const DISPLAY_ENDED_PATH = '/page/ended';

/** A revoked kiosk token: the wall says so, in its language, and never shows a login form. */
describe('revoked display screen', () => {
  it('says the display was revoked, in Chinese and in English, with no way to a login form', () => {
    const cn = renderWithProviders(<DisplayEnded />, { locale: 'cn', route: DISPLAY_ENDED_PATH });
    expect(screen.getByRole('heading')).toHaveTextContent('此大屏的显示链接已失效');
    expect(screen.getByRole('alert')).toHaveTextContent('显示令牌已被吊销');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    cn.unmount();
    renderWithProviders(<DisplayEnded />, { locale: 'en', route: DISPLAY_ENDED_PATH });
    expect(screen.getByRole('heading')).toHaveTextContent("This wall's display link no longer works");
    expect(screen.getByRole('alert')).toHaveTextContent('revoked');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
