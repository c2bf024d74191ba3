import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Group, Tabs } from '@mantine/core';
import { IconExternalLink, IconLayoutDashboard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Scene } from '@shared/contracts/scene';
import { ListPage } from '../../components/list-page/list-page';
import { api } from '../../lib/api';
import { keysOf } from '../../lib/resource-keys';
import { useCan } from '../../lib/session';
import { DisplayTokens } from './display-tokens';
import { SceneEditor } from './scene-editor';
import { dateTime } from '@client/lib/date-time';
import { localName } from '@shared/local-name';
import { RESOURCES } from '@shared/resources';
import { permissionOf } from '@client/lib/resources';
import type { SceneValues } from './scene-form';

/** ship/scene-list: scenes (list, properties, layout editor) and the kiosk display tokens of the walls. */
export default function SceneListPage() {
  const { t, i18n } = useTranslation('scenes');
  const [editing, setEditing] = useState<number | null>(null);
  const canEdit = useCan(permissionOf('scene', 'update'));
  const canTokens = useCan(permissionOf('scene', 'token'));
  const all = useQuery({ queryKey: keysOf('scene').listAll(), queryFn: () => api.post<Scene[]>(`${RESOURCES.scene.api}/listAll`, {}), enabled: canTokens });

  if (editing !== null) return <SceneEditor sceneId={editing} onClose={() => setEditing(null)} />;
  const yesNo = (v: boolean) => (v ? <Badge variant="light" color="teal">{t('scene.yes')}</Badge> : <Badge variant="light" color="gray">{t('scene.no')}</Badge>);
  const scenes = (
    <ListPage<Scene, SceneValues>
      title={t('scene.title')}
      resource="scene"
      queryFields={[{ name: 'name', label: t('scene.name') }]}
      columns={[
        { prop: 'id', label: 'ID', width: 80 },
        { prop: 'name', label: t('scene.name'), render: (row) => localName(row.name, row.nameEn, i18n.language) },
        { prop: 'projectName', label: t('scene.project'), render: (row) => (row.projectName ? localName(row.projectName, row.projectNameEn, i18n.language) : t('scene.global')) },
        { prop: 'isDefault', label: t('scene.isDefault'), render: (row) => yesNo(row.isDefault) },
        { prop: 'isPublic', label: t('scene.isPublic'), render: (row) => yesNo(row.isPublic) },
        { prop: 'layout', label: t('scene.cards'), render: (row) => row.layout.length, ignore: true },
        { prop: 'updatedAt', label: t('scene.updatedAt'), nowrap: true, render: (row) => dateTime(row.updatedAt) },
        {
          prop: 'actions',
          label: '',
          ignore: true,
          render: (row) => (
            <Group gap={4} wrap="nowrap">
              {canEdit ? (
                <Button size="compact-xs" variant="light" leftSection={<IconLayoutDashboard size={12} />} onClick={() => setEditing(row.id)}>
                  {t('scene.edit')}
                </Button>
              ) : null}
              <Button size="compact-xs" variant="subtle" component="a" href={`#/page${row.projectId ? `/project/${row.projectId}` : ''}?scene=${row.id}`} target="_blank" rel="opener" leftSection={<IconExternalLink size={12} />}>
                {t('scene.open')}
              </Button>
            </Group>
          ),
        },
      ]}
      form={() => import('./scene-form').then((m) => m.sceneForm)}
    />
  );
  if (!canTokens) return scenes;
  return (
    <Tabs defaultValue="scenes" keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="scenes">{t('scene.title')}</Tabs.Tab>
        <Tabs.Tab value="tokens">{t('tokens.title')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="scenes">{scenes}</Tabs.Panel>
      <Tabs.Panel value="tokens">
        <DisplayTokens scenes={all.data ?? []} />
      </Tabs.Panel>
    </Tabs>
  );
}
