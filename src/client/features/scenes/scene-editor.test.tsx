import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { login } from '@client/lib/session';
import { renderKit } from '@tests/helpers/kit-render';
import { sceneFixture } from '../../../../mocks/handlers/wall-project';
import { SceneEditor } from './scene-editor';

const menu = (menuCode: string) => ({ menuId: 1, parentId: 0, name: '', nameEn: '', url: '', icon: '', menuCode, type: 1, list: [] });

function renderEditor(menus: ReturnType<typeof menu>[]) {
  login('t-scene', { id: 4, username: 'designer', realName: '', email: '', phone: '', avatar: '', roles: [], perms: ['ship-scene#update'], menus } as never);
  return renderKit(<SceneEditor sceneId={sceneFixture.id} onClose={() => undefined} />, { locale: 'en' });
}

describe('scene editor (menu directive)', () => {
  it('links its card palette to the cards screen for a user who has that menu', async () => {
    renderEditor([menu('ship-scene'), menu('ship-cards')]);
    const link = await screen.findByRole('link', { name: 'Manage cards' });
    expect(link).toHaveAttribute('href', '/main/ship/cards');
  });

  it('leaves the link out for a user without the cards menu', async () => {
    renderEditor([menu('ship-scene')]);
    expect(await screen.findByText('Card palette')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage cards' })).not.toBeInTheDocument();
  });
});
