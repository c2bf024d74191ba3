// What the design card's stack costs before any of our screens: three reference pages bundled and
// minified by esbuild (gzip level 9), each the least code that draws with the stack —
//  - React: a root that renders a paragraph;
//  - the app's frame: React with the hash router, TanStack Query and i18next, one translated page
//    that asks one query;
//  - a list screen's frame: that, inside Mantine's provider, with the shell, a table, the inputs, a
//    select, a menu, a tooltip, pagination, a dialog and a form hook, drawn empty;
// and ECharts as src/client/lib/echarts.ts registers it (bar, line, pie, grid, legend, canvas).
// The bundle bench prints them beside its budgets: a budget under a floor cannot be met by our code.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const REACT = `import { createRoot } from 'react-dom/client';
createRoot(document.body).render(<p>hi</p>);`;

const FRAME_IMPORTS = `import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
void i18next.use(initReactI18next).init({ lng: 'cn', resources: { cn: { t: { a: '列表' } } } });
const useData = () => useQuery({ queryKey: ['x'], queryFn: () => fetch('/x').then((r) => r.json()) });`;

const APP_FRAME = `${FRAME_IMPORTS}
function Page() {
  const { t } = useTranslation('t');
  return <p>{t('a')}{String(useData().data)}</p>;
}
const router = createHashRouter([{ path: '/', element: <Page /> }]);
createRoot(document.body).render(<QueryClientProvider client={new QueryClient()}><RouterProvider router={router} /></QueryClientProvider>);`;

const LIST_FRAME = `${FRAME_IMPORTS}
import { AppShell, Badge, Button, Checkbox, Group, MantineProvider, Menu, Modal, NavLink, Pagination, ScrollArea, Select, Table, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
function Page() {
  const { t } = useTranslation('t');
  const form = useForm({ initialValues: { name: '' } });
  const data = useData().data;
  return (
    <AppShell navbar={{ width: 200, breakpoint: 'sm' }}>
      <AppShell.Navbar><ScrollArea><NavLink label={t('a')} /></ScrollArea></AppShell.Navbar>
      <AppShell.Main>
        <Group>
          <TextInput {...form.getInputProps('name')} />
          <Select data={['a']} />
          <Menu><Menu.Target><Button>{t('a')}</Button></Menu.Target><Menu.Dropdown><Menu.Item>x</Menu.Item></Menu.Dropdown></Menu>
        </Group>
        <Table><Table.Tbody><Table.Tr><Table.Td><Checkbox /><Badge>{String(data)}</Badge><Tooltip label="x"><span>y</span></Tooltip></Table.Td></Table.Tr></Table.Tbody></Table>
        <Pagination total={3} />
        <Modal opened={false} onClose={() => undefined}>x</Modal>
      </AppShell.Main>
    </AppShell>
  );
}
const router = createHashRouter([{ path: '/', element: <Page /> }]);
createRoot(document.body).render(<MantineProvider><QueryClientProvider client={new QueryClient()}><RouterProvider router={router} /></QueryClientProvider></MantineProvider>);`;

const ECHARTS = `import { echarts } from './src/client/lib/echarts';
globalThis.echartsInit = echarts.init;`;

async function gzipKB(contents, loader) {
  const out = await build({
    stdin: { contents, loader, resolveDir: root, sourcefile: `floor.${loader}` },
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'error',
  });
  return Math.round(gzipSync(out.outputFiles[0].contents, { level: 9 }).length / 100) / 10;
}

/** Bench rows (no budget: a floor is what the budgets are read against). */
export async function stackFloor() {
  const rows = [
    ['React and React DOM', REACT, 'tsx'],
    ['+ router, TanStack Query, i18next', APP_FRAME, 'tsx'],
    ['+ Mantine: shell, table, inputs, select, menu, dialog, form', LIST_FRAME, 'tsx'],
    ['ECharts as the app registers it', ECHARTS, 'ts'],
  ];
  const results = [];
  for (const [name, contents, loader] of rows) results.push({ name: `stack floor: ${name} (minified, gzip)`, value: await gzipKB(contents, loader), unit: 'KB' });
  return results;
}
