import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { IconDroplet } from '@tabler/icons-react';
import { ICON_THEMES } from '@shared/constants';
import { renderKit } from '@tests/helpers/kit-render';
import { Icon } from './icon';

describe('Icon', () => {
  it('accepts each icon theme of spec §5', () => {
    renderKit(<>{ICON_THEMES.map((theme) => <Icon key={theme} icon={IconDroplet} theme={theme} label={theme} />)}</>);
    for (const theme of ICON_THEMES) expect(screen.getByRole('img', { name: theme })).toHaveAttribute('data-theme', theme);
    expect(screen.getByRole('img', { name: 'danger' })).toHaveStyle({ color: 'var(--mantine-color-red-filled)' });
  });

  it('rejects any other theme', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderKit(<Icon icon={IconDroplet} theme={'purple' as never} />)).toThrow(/icon theme/);
    quiet.mockRestore();
  });
});
