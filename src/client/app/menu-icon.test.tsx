import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { MENU_GROUPS, RESOURCE_LIST } from '@shared/resources';
import { MenuIcon } from './menu-icon';

/** Tabler draws each icon as an svg whose class names the icon (tabler-icon-<name>). */
const iconClass = (container: HTMLElement) => container.querySelector('svg')?.getAttribute('class') ?? '';

describe('MenuIcon', () => {
  it('draws the icons of the seeded menus at once, in any of the three spellings', () => {
    for (const name of ['droplet', 'icon-droplet', 'IconDroplet']) {
      const { container, unmount } = render(<MenuIcon name={name} />);
      expect(iconClass(container), name).toContain('tabler-icon-droplet');
      unmount();
    }
  });

  it('draws every icon the registry gives a menu or a menu group at once, none as the waiting dot', () => {
    const names = [...Object.values(MENU_GROUPS).map((g) => g.icon), ...RESOURCE_LIST.flatMap((r) => (r.menu ? [r.menu.icon] : []))];
    expect(names.length).toBeGreaterThan(30);
    for (const name of new Set(names)) {
      const { container, unmount } = render(<MenuIcon name={name} />);
      expect(iconClass(container), name).toContain(`tabler-icon-${name}`);
      unmount();
    }
  });

  it('draws any other Tabler icon an administrator picked, once the icon set has loaded', async () => {
    const { container } = render(<MenuIcon name="fountain" />);
    await waitFor(() => expect(iconClass(container)).toContain('tabler-icon-fountain'));
  });

  it('shows a neutral dot for a name Tabler does not have, and for none', async () => {
    const unknown = render(<MenuIcon name="no-such-icon" />);
    await waitFor(() => expect(iconClass(unknown.container)).toContain('tabler-icon-point'));
    const none = render(<MenuIcon name="" />);
    expect(iconClass(none.container)).toContain('tabler-icon-point');
  });
});
