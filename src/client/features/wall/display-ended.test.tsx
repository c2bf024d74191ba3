import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../tests/helpers/render';
import { afterSessionEnded, DISPLAY_ENDED_PATH } from '../../app/navigation-check';
import DisplayEnded from './display-ended';

/** A revoked kiosk token (issue 15): the wall says so, in its language, and never shows a login form. */
describe('revoked display screen', () => {
  it('is where a display goes when the server ends its session, wherever it was', () => {
    expect(afterSessionEnded('display', '/page', '?kiosk=1')).toBe(DISPLAY_ENDED_PATH);
    expect(afterSessionEnded('display', '/page/project/4', '?kiosk=1')).toBe(DISPLAY_ENDED_PATH);
    expect(afterSessionEnded('display', DISPLAY_ENDED_PATH)).toBeNull();
  });

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
