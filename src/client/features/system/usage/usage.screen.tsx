import { useState, type ReactNode } from 'react';
import { Alert, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RESOURCE_LIST, RESOURCES } from '@shared/resources';
import type { Usage, UsageUserRow } from '@shared/contracts/analytics';
import { USAGE_DAYS } from '@shared/choices';
import { api } from '@client/lib/api';
import { keysOf } from '@client/lib/resource-keys';
import { useCan } from '@client/lib/session';
import { dateTime } from '@client/lib/date-time';
import { permissionOf } from '@client/lib/resources';

const BASE = RESOURCES.usage.api;
const keys = keysOf('usage');
type Days = (typeof USAGE_DAYS)[number];

/** Screens outside the menus, by the route a page view names (lib/analytics.ts screenOf). */
const FIXED_SCREENS: Record<string, 'main' | 'account' | 'page' | 'detail' | 'project' | 'model' | 'login' | 'test'> = {
  '/main': 'main',
  '/main/account': 'account',
  '/page': 'page',
  '/page/detail': 'detail',
  '/page/project/:id': 'project',
  '/page/model/:id/:id': 'model',
  '/login': 'login',
  '/test': 'test',
};

const number = (n: number, language: string) => n.toLocaleString(language === 'en' ? 'en-US' : 'zh-CN');

function Section({ title, head, rows, total, empty }: { title: string; head: ReactNode[]; rows: ReactNode[][]; total: ReactNode[]; empty: string }) {
  return (
    <Paper withBorder p="sm">
      <Title order={5} mb="xs">{title}</Title>
      <Table striped highlightOnHover aria-label={title} layout="fixed">
        <Table.Thead>
          <Table.Tr>{head.map((h, i) => <Table.Th key={i} ta={i === 0 ? undefined : 'right'} w={i === 0 ? undefined : 110}>{h}</Table.Th>)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr><Table.Td colSpan={head.length}><Text c="dimmed" size="sm">{empty}</Text></Table.Td></Table.Tr>
          )}
          {rows.map((cells, r) => (
            <Table.Tr key={r}>{cells.map((c, i) => <Table.Td key={i} ta={i === 0 ? undefined : 'right'}>{c}</Table.Td>)}</Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>{total.map((c, i) => <Table.Th key={i} ta={i === 0 ? undefined : 'right'}>{c}</Table.Th>)}</Table.Tr>
        </Table.Tfoot>
      </Table>
    </Paper>
  );
}

/** sys/analytics: page views and actions per screen, per user and per action over the last 7, 30 or 90 days. */
export default function UsagePage() {
  const { t, i18n } = useTranslation('sysadmin');
  const en = i18n.language === 'en';
  const [days, setDays] = useState<Days>(7);
  const canList = useCan(permissionOf('usage', 'list'));
  const usage = useQuery({
    queryKey: keys.view('list', days),
    queryFn: ({ signal }) => api.post<Usage>(`${BASE}/list`, { days }, { signal }),
    enabled: canList,
  });

  const fmt = (n: number) => number(n, i18n.language);
  const menuName = (screen: string): string => {
    const fixed = FIXED_SCREENS[screen];
    if (fixed) return t(`usage.screens.${fixed}`);
    const url = screen.replace(/^\/main\//, '');
    const found = RESOURCE_LIST.find((r) => r.menu && r.menu.url === url)?.menu;
    return found ? (en ? found.nameEn : found.name) : screen;
  };
  const actionName = (code: string): string => {
    const [menuCode, action] = code.split('#');
    const resource = RESOURCE_LIST.find((r) => r.code === menuCode && r.menu) ?? RESOURCE_LIST.find((r) => r.code === menuCode);
    const button = resource?.buttons[action];
    if (!resource?.menu || !button) return code;
    return `${en ? resource.menu.nameEn : resource.menu.name} · ${en ? button[1] : button[0]}`;
  };
  const userName = (u: UsageUserRow): string => {
    if (u.sessionKind === 'display') return t('usage.display');
    if (u.sessionKind === 'visitor') return t('usage.visitor');
    if (u.username.startsWith('#')) return `${t('usage.deleted')} ${u.username}`;
    return u.realName ? `${u.realName} (${u.username})` : u.username;
  };
  const named = (name: string, code: string) => (
    <>
      <Text size="sm" span>{name}</Text>
      {name !== code && <Text size="xs" c="dimmed" ff="monospace" truncate>{code}</Text>}
    </>
  );

  const data = usage.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>{t('usage.title')}</Title>
        <Group gap="sm">
          {data && <Text size="sm" c="dimmed">{t('usage.range', { from: dateTime(data.from), to: dateTime(data.to) })}</Text>}
          <SegmentedControl
            size="xs"
            value={String(days)}
            onChange={(v) => setDays(Number(v) as Days)}
            data={USAGE_DAYS.map((d) => ({ value: String(d), label: t('usage.days', { count: d }) }))}
          />
        </Group>
      </Group>
      {usage.isError && <Alert color="red">{usage.error.message}</Alert>}
      {usage.isPending && canList && <Loader size="sm" />}
      {data && (
        <>
          {!data.enabled && <Alert color="yellow">{t('usage.off')}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Paper withBorder p="sm">
              <Text size="sm" c="dimmed">{t('usage.views')}</Text>
              <Text fz={24} fw={600} data-testid="usage-views">{fmt(data.totals.views)}</Text>
            </Paper>
            <Paper withBorder p="sm">
              <Text size="sm" c="dimmed">{t('usage.actions')}</Text>
              <Text fz={24} fw={600} data-testid="usage-actions">{fmt(data.totals.actions)}</Text>
            </Paper>
          </SimpleGrid>
          <Section
            title={t('usage.byScreen')}
            head={[t('usage.screen'), t('usage.views'), t('usage.actions'), t('usage.users')]}
            rows={data.screens.map((s) => [named(menuName(s.screen), s.screen), fmt(s.views), fmt(s.actions), fmt(s.users)])}
            total={[t('usage.total'), fmt(data.totals.views), fmt(data.totals.actions), '']}
            empty={t('usage.empty')}
          />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Section
              title={t('usage.byUser')}
              head={[t('usage.user'), t('usage.views'), t('usage.actions')]}
              rows={data.users.map((u) => [userName(u), fmt(u.views), fmt(u.actions)])}
              total={[t('usage.total'), fmt(data.totals.views), fmt(data.totals.actions)]}
              empty={t('usage.empty')}
            />
            <Section
              title={t('usage.byAction')}
              head={[t('usage.action'), t('usage.count')]}
              rows={data.actions.map((a) => [named(actionName(a.action), a.action), fmt(a.count)])}
              total={[t('usage.total'), fmt(data.totals.actions)]}
              empty={t('usage.empty')}
            />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
