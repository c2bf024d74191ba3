import { useMemo, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDroplet, IconInfoCircle, IconStar, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ICON_THEMES } from '@shared/constants';
import { api } from '@client/lib/api';
import { runtimeConfig } from '@client/lib/runtime-config';
import { SelectionBasket } from '@client/components/basket/selection-basket';
import { DetailDisplay } from '@client/components/detail/detail-display';
import { Dialog } from '@client/components/dialog/dialog';
import { Ellipsis } from '@client/components/ellipsis/ellipsis';
import { notify, toast } from '@client/components/feedback/toast';
import { ImageGallery } from '@client/components/gallery/image-gallery';
import { Icon } from '@client/components/icon/icon';
import { QueryForm } from '@client/components/list-page/query-form';
import { messageBox } from '@client/components/message-box/message-box';
import { useBreakpoint } from '@client/components/responsive/breakpoints';
import { RemoteSelect, type SelectOption } from '@client/components/select/remote-select';
import { DataTable } from '@client/components/table/data-table';
import type { RowKey, TableColumn } from '@client/components/table/types';
import { CardNumber } from '@client/components/tags/card-number';
import { SexTag } from '@client/components/tags/sex-tag';
import { StatusTag } from '@client/components/tags/status-tag';
import { isPhone } from '@shared/validation';
import { SAMPLE_IMAGES, SAMPLE_TREE, sampleRows, type SampleRow } from './sample-data';
import { useLiveStatus, type LiveStatus } from '@client/lib/live';

const VIRTUAL_ROWS = 100_000;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={5} mb="sm">{title}</Title>
      {children}
    </Paper>
  );
}

function useSampleColumns(): TableColumn<SampleRow>[] {
  const { t } = useTranslation('kit');
  return useMemo(
    () => [
      { prop: 'name', label: t('diagnostics.columns.name'), display: 'always', width: 200 },
      { prop: 'city', label: t('diagnostics.columns.city') },
      { prop: 'area', label: t('diagnostics.columns.area'), align: 'right' },
      { prop: 'status', label: t('diagnostics.columns.status'), render: (r) => <StatusTag kind="billState" value={r.status} /> },
      { prop: 'sex', label: t('diagnostics.columns.sex'), render: (r) => <SexTag value={r.sex} /> },
      { prop: 'card', label: t('diagnostics.columns.card'), display: false, width: 200, render: (r) => <CardNumber value={r.card} /> },
    ],
    [t],
  );
}

function VirtualTable({ height }: { height: string }) {
  const { t } = useTranslation('kit');
  const rows = useMemo(() => sampleRows(VIRTUAL_ROWS), []);
  const columns = useSampleColumns();
  return <DataTable mode="virtual" label={t('diagnostics.sections.virtual')} columns={[{ type: 'index' }, ...columns]} data={rows} height={height} size="small" />;
}

const LIVE_COLORS: Record<LiveStatus, string> = { idle: 'gray', connecting: 'yellow', open: 'green', error: 'red', unsupported: 'gray' };

/** The health, version and push rows show what is true now: the stream's state comes from the live client itself. */
function Diagnostics() {
  const { t } = useTranslation('kit');
  const health = useQuery({ queryKey: ['/health'], queryFn: () => api.get<{ status: string; version?: string }>('/health'), retry: false });
  const live = useLiveStatus();
  const version = runtimeConfig().version || health.data?.version || t('diagnostics.versionUnknown');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed">{t('diagnostics.health')}</Text>
        {health.isPending ? (
          <Text>{t('diagnostics.healthChecking')}</Text>
        ) : health.isError ? (
          <Badge color="red" size="lg">{t('diagnostics.healthFail')}</Badge>
        ) : (
          <Badge color="green" size="lg">{t('diagnostics.healthOk')}</Badge>
        )}
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed">{t('diagnostics.version')}</Text>
        <Text fw={600}>{version}</Text>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed">{t('diagnostics.live')}</Text>
        <Badge color={LIVE_COLORS[live.status]} size="lg" variant="light">{t(`diagnostics.liveStatus.${live.status}`)}</Badge>
        {live.lastEventAt ? <Text size="xs" c="dimmed" mt={4}>{t('diagnostics.liveLastEvent', { time: new Date(live.lastEventAt).toLocaleTimeString() })}</Text> : null}
      </Paper>
    </SimpleGrid>
  );
}

function Gallery() {
  const { t } = useTranslation('kit');
  const columns = useSampleColumns();
  const pagerRows = useMemo(() => sampleRows(57), []);
  const [selected, setSelected] = useState<{ keys: RowKey[]; rows: SampleRow[] }>({ keys: [], rows: [] });
  const [dialog, setDialog] = useState(false);
  const [dialogLoading, setDialogLoading] = useState(false);
  const [answer, setAnswer] = useState('');
  const [query, setQuery] = useState<Record<string, unknown>>({});
  const [one, setOne] = useState<string | null>(null);
  const [many, setMany] = useState<string[]>([]);
  const bp = useBreakpoint();
  const options = useMemo(() => sampleRows(40).map((r) => ({ value: String(r.id), label: r.name })), []);
  const searchOptions = (search: string): Promise<SelectOption[]> =>
    new Promise((resolve) => setTimeout(() => resolve(options.filter((o) => o.label.toLowerCase().includes(search.toLowerCase())).slice(0, 20)), 150));
  const scrollLoader = (page: number, size: number) =>
    new Promise<{ list: SampleRow[]; total: number }>((resolve) => setTimeout(() => resolve({ list: pagerRows.slice((page - 1) * size, page * size), total: pagerRows.length }), 300));

  return (
    <Stack gap="md">
      <Section title={t('diagnostics.sections.query')}>
        <QueryForm
          fields={columns.slice(0, 5).map((c) => ({ name: c.prop!, label: String(c.label) }))}
          values={query}
          onChange={setQuery}
          onQuery={() => toast.info(JSON.stringify(query))}
          onClear={() => setQuery({})}
          onAdd={() => setDialog(true)}
        />
      </Section>
      <Section title={t('diagnostics.sections.pager')}>
        <DataTable
          title={t('diagnostics.sections.pager')}
          columns={[{ type: 'selection' }, { type: 'index' }, ...columns]}
          data={pagerRows}
          rowSortable
          columnSortable
          columnChooser
          selectedKeys={selected.keys}
          onSelectionChange={(keys, rows) => setSelected({ keys, rows })}
          toolbarExtra={
            <SelectionBasket
              rows={selected.rows}
              columns={columns}
              onRemove={(key) => setSelected((s) => ({ keys: s.keys.filter((k) => k !== key), rows: s.rows.filter((r) => r.id !== key) }))}
              onClear={() => setSelected({ keys: [], rows: [] })}
            />
          }
        />
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('diagnostics.sections.scroll')}>
          <DataTable mode="scroll" height={320} size="mini" columns={columns.slice(0, 4)} loader={scrollLoader} />
        </Section>
        <Section title={t('diagnostics.sections.tree')}>
          <DataTable rowKey="id" childrenKey="children" size="medium" columns={columns.slice(0, 4)} data={SAMPLE_TREE} />
        </Section>
      </SimpleGrid>
      <Section title={t('diagnostics.sections.virtual')}>
        <VirtualTable height="420px" />
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('diagnostics.sections.dialog')}>
          <Group>
            <Button onClick={() => setDialog(true)}>{t('diagnostics.openDialog')}</Button>
          </Group>
          <Dialog opened={dialog} onChange={setDialog} title={t('diagnostics.sections.dialog')} footer onOk={() => setDialog(false)} loading={dialogLoading}>
            <Stack>
              <Text>{t('diagnostics.dialogBody')}</Text>
              <Button variant="light" onClick={() => setDialogLoading((l) => !l)}>{t('diagnostics.toggleLoading')}</Button>
            </Stack>
          </Dialog>
        </Section>
        <Section title={t('diagnostics.sections.messageBox')}>
          <Group>
            <Button variant="light" onClick={async () => setAnswer(String(await messageBox.confirm(t('diagnostics.confirmMessage'))))}>{t('diagnostics.confirm')}</Button>
            <Button variant="light" onClick={async () => setAnswer(String(await messageBox.alert(t('diagnostics.alertMessage'))))}>{t('diagnostics.alert')}</Button>
            <Button variant="light" onClick={async () => setAnswer(String(await messageBox.prompt(t('diagnostics.promptMessage'), { inputValidator: isPhone })))}>{t('diagnostics.prompt')}</Button>
          </Group>
          {answer && <Text size="sm" mt="xs">{t('diagnostics.result', { value: answer })}</Text>}
        </Section>
        <Section title={t('diagnostics.sections.tags')}>
          <Stack gap="xs">
            <Group gap="xs">{['0', '1', '2', '3', '4'].map((v) => <StatusTag key={v} kind="billState" value={v} />)}</Group>
            <Group gap="xs">
              <StatusTag kind="billRate" value="0" />
              <StatusTag kind="billRate" value="1" />
              <StatusTag kind="billType" value="0" />
              <StatusTag kind="billType" value="1" />
              <StatusTag kind="userStatus" value="1" />
              <StatusTag kind="userStatus" value="0" />
            </Group>
            <Group gap="xs">
              <SexTag value="1" />
              <SexTag value="0" />
              <SexTag value="2" />
              <CardNumber value="6222021234567890123" />
            </Group>
          </Stack>
        </Section>
        <Section title={t('diagnostics.sections.select')}>
          <Stack gap="xs">
            <RemoteSelect label={t('diagnostics.pickProject')} queryKey={['/test', 'projects']} loader={searchOptions} value={one} onChange={setOne} />
            <RemoteSelect multiple limit={3} label={t('diagnostics.pickProjects')} queryKey={['/test', 'projects']} loader={searchOptions} value={many} onChange={setMany} />
          </Stack>
        </Section>
        <Section title={t('diagnostics.sections.icons')}>
          <Group>
            {ICON_THEMES.map((theme, i) => (
              <Group key={theme} gap={4}>
                <Icon icon={[IconDroplet, IconCircleCheck, IconAlertTriangle, IconX, IconInfoCircle, IconStar][i]} theme={theme} size={22} label={theme} />
                <Text size="xs" c="dimmed">{theme}</Text>
              </Group>
            ))}
          </Group>
        </Section>
        <Section title={t('diagnostics.sections.gallery')}>
          <ImageGallery images={SAMPLE_IMAGES} />
        </Section>
        <Section title={t('diagnostics.sections.ellipsis')}>
          <Stack gap="xs" maw="24rem">
            <Ellipsis>{t('diagnostics.longText')}</Ellipsis>
            <Ellipsis lines={2}>{t('diagnostics.longText')}</Ellipsis>
          </Stack>
        </Section>
        <Section title={t('diagnostics.sections.toasts')}>
          <Group>
            <Button variant="light" onClick={() => toast.success(() => t('diagnostics.sampleMessage'))}>{t('diagnostics.message')}</Button>
            <Button variant="light" onClick={() => notify({ title: t('diagnostics.notification'), message: t('diagnostics.sampleNotification'), level: 'info' })}>{t('diagnostics.notification')}</Button>
          </Group>
        </Section>
        <Section title={t('diagnostics.sections.detail')}>
          <DetailDisplay
            items={[
              { label: columns[0].label, value: pagerRows[0].name },
              { label: columns[1].label, value: pagerRows[0].city },
              { label: columns[3].label, value: <StatusTag kind="billState" value={pagerRows[0].status} /> },
              { label: columns[5].label, value: <CardNumber value={pagerRows[0].card} /> },
              { label: t('diagnostics.columns.note'), value: t('diagnostics.longText'), full: true },
            ]}
          />
        </Section>
        <Section title={t('diagnostics.sections.breakpoint')}>
          <Text>{t('diagnostics.breakpoint', { bp })}</Text>
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * /test: diagnostics (server health, version, live connection) and a live gallery of the screen kit.
 * With ?bench=virtual it shows only the 100,000-row virtual table, for the scroll benchmark.
 */
export default function TestPage() {
  const { t } = useTranslation('kit');
  const [params] = useSearchParams();
  if (params.get('bench') === 'virtual') {
    return (
      <Box p="xs" data-bench="virtual">
        <VirtualTable height="calc(100vh - 2rem)" />
      </Box>
    );
  }
  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Title order={3}>{t('diagnostics.title')}</Title>
        <Diagnostics />
        <Title order={4}>{t('diagnostics.gallery')}</Title>
        <Gallery />
      </Stack>
    </Container>
  );
}
