import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MonitorRow } from '@shared/contracts/monitor';
import { ListPage } from '@client/components/list-page/list-page';
import { Dialog } from '@client/components/dialog/dialog';
import { projectQueryField } from '../../../shared/work-kit/pickers';
import { MonitorLiveView } from './monitor-live';
import { localColumn, projectColumn } from '../../../shared/work-kit/format';
import { localName } from '@shared/local-name';
import type { MonitorValues } from './monitor-form';

/** fall/monitor: cameras; the live view plays HLS where a stream exists, otherwise says why not. */
export default function MonitorsPage() {
  const { t, i18n } = useTranslation('work');
  const [live, setLive] = useState<MonitorRow | null>(null);
  return (
    <>
      <ListPage<MonitorRow, MonitorValues>
        key={i18n.language}
        title={t('monitor.title')}
        resource="monitor"
        form={() => import('./monitor-form').then((m) => m.monitorForm)}
        queryFields={[
          { name: 'name', label: t('monitor.name') },
          { name: 'serial', label: t('monitor.serial') },
          projectQueryField(t('common.project')),
        ]}
        columns={[
          localColumn<MonitorRow>('name', t('monitor.name'), i18n.language, { display: 'always' }),
          { prop: 'serial', label: t('monitor.serial') },
          { prop: 'channel', label: t('monitor.channel'), align: 'right' },
          projectColumn(t('common.project'), i18n.language),
          localColumn<MonitorRow>('remark', t('common.remark'), i18n.language, { display: false }),
          {
            prop: 'live',
            label: t('monitor.live'),
            ignore: true,
            render: (row) => (
              <Button size="compact-xs" variant="subtle" leftSection={<IconPlayerPlay size={12} />} onClick={() => setLive(row)}>
                {t('monitor.live')}
              </Button>
            ),
          },
        ]}
      />
      <Dialog opened={live !== null} onChange={(open) => !open && setLive(null)} title={live ? `${t('monitor.live')} · ${localName(live.name, live.nameEn, i18n.language)}` : ''}>
        {live && <MonitorLiveView id={live.id} name={localName(live.name, live.nameEn, i18n.language)} />}
      </Dialog>
    </>
  );
}
