import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge, Button, Group, Tabs, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BoardRow } from '@shared/contracts/detect';
import { ListPage } from '@client/components/list-page/list-page';
import { projectColumn, when } from '../../../shared/work-kit/format';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import { ChannelPanel } from './channel-panel';
import { MissingBadge } from './missing-badge';
import { WarningsList } from './warnings-list';
import { localName } from '@shared/local-name';
import type { BoardValues } from './board-form';

/** fall/detect: boards with their nine-channel panel, and the warnings they raise. */
export default function DetectPage() {
  const { t, i18n } = useTranslation('work');
  const [panel, setPanel] = useState<number | null>(null);
  const [params] = useSearchParams();
  return (
    // The statistics screen's drill-down into warnings (?tab=warnings&…) opens the warnings tab.
    <Tabs defaultValue={params.get('tab') === 'warnings' ? 'warnings' : 'boards'} keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="boards">{t('detect.title')}</Tabs.Tab>
        <Tabs.Tab value="warnings">{t('warning.title')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="boards">
        <ListPage<BoardRow, BoardValues>
          key={i18n.language}
          title={t('detect.title')}
          resource="detect"
          form={() => import('./board-form').then((m) => m.boardForm)}
          queryFields={[
            { name: 'boardName', label: t('detect.boardName') },
            projectQueryField(t('common.project')),
          ]}
          columns={[
            { prop: 'boardName', label: t('detect.boardName'), display: 'always', render: (b) => localName(b.boardName, b.boardNameEn, i18n.language) },
            { prop: 'boardNo', label: t('detect.boardNo') },
            projectColumn(t('common.project'), i18n.language),
            { prop: 'ip', label: t('detect.ip'), render: (b) => (b.ip ? `${b.ip}:${b.port}` : '') },
            { prop: 'slave', label: t('detect.slave'), align: 'right' },
            {
              prop: 'online',
              label: t('detect.online'),
              // Online or offline, and the readings that went missing over the last hour beside it.
              render: (b) => (
                <Group gap={4} wrap="nowrap">
                  <Badge color={b.online ? 'green' : 'gray'} variant="light">{b.online ? t('detect.online') : t('detect.offline')}</Badge>
                  <MissingBadge board={b} />
                </Group>
              ),
            },
            { prop: 'faultCount', label: t('detect.faults'), align: 'right', render: (b) => (b.faultCount ? <Badge color="red">{b.faultCount}</Badge> : 0) },
            { prop: 'lastSeen', label: t('detect.lastSeen'), nowrap: true, render: (b) => when(b.lastSeen) },
            {
              prop: 'refusedReason',
              label: t('detect.refused'),
              render: (b) =>
                b.refusedReason ? (
                  <Tooltip label={t('detect.refusedLast', { at: when(b.refusedAt) })}>
                    <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
                      {t('detect.refusedSince', { reason: t(`detect.refusal.${b.refusedReason}`), since: when(b.refusedSince) })}
                    </Badge>
                  </Tooltip>
                ) : (
                  ''
                ),
            },
            { prop: 'channels', label: t('detect.channels'), ignore: true, render: (b) => <Button size="compact-xs" variant="subtle" onClick={() => setPanel(b.id)}>{t('detect.channels')}</Button> },
          ]}
        />
        <ChannelPanel id={panel} onClose={() => setPanel(null)} />
      </Tabs.Panel>
      <Tabs.Panel value="warnings">
        <WarningsList />
      </Tabs.Panel>
    </Tabs>
  );
}
