import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { MantineContext, MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { DatesProvider } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { MODAL_BASE_Z_INDEX, NOTIFICATION_DURATION_MS } from '@shared/constants';
import { layoutColorSchemeManager } from './layout-store';
import { TooltipSource } from '@client/components/tooltip-source';
import { theme } from './theme';
import { setTruncatedHandler } from '../lib/api';
import i18n from '../lib/i18n';
import { notify } from '../components/feedback/toast';

// A listAll cut at the server's cap (a picker, a tree, an export's rows) says so where the user looks.
setTruncatedHandler((shown, total) =>
  notify({ level: 'warning', message: () => i18n.t('common:truncated', { shown: shown.toLocaleString(), total: total.toLocaleString() }) }),
);

const Notifications = lazy(() => import('./notification-stack'));

/**
 * The notification stack is downloaded when the first notification is shown, not with every route:
 * `notifications.show()` only fills the store, which keeps it until the stack mounts and draws it.
 */
function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const pending = notifications.length + queue.length > 0;
  const [wanted, setWanted] = useState(pending);
  useEffect(() => {
    if (pending) setWanted(true);
  }, [pending]);
  if (!wanted && !pending) return null;
  return (
    <Suspense fallback={null}>
      <Notifications autoClose={NOTIFICATION_DURATION_MS} zIndex={MODAL_BASE_Z_INDEX + 100} />
    </Suspense>
  );
}

/**
 * The date pickers speak the screen's language: month and day names, the first day of the week (Monday
 * in Chinese), following a language switch. Their value format is the theme's (theme.ts): Mantine's
 * own default showed dates as DD/MM/YYYY in either language.
 */
function DatesLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const cn = i18n.language !== 'en';
  return <DatesProvider settings={{ locale: cn ? 'zh-cn' : 'en', firstDayOfWeek: cn ? 1 : 0 }}>{children}</DatesProvider>;
}

/**
 * Mantine (theme, skin, its stylesheets, notifications) for everything but the walls: a chunk of its
 * own that the router loads for the login, the back-office and the status screens. The walls draw
 * themselves without it (a fifth of a wall's JavaScript and a 270 KB stylesheet they did
 * not use). Inside another Mantine provider (tests, a status screen under the shell) it adds nothing.
 */
export function MantineShell({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  const outer = useContext(MantineContext);
  if (outer) return children;
  return (
    <MantineProvider theme={theme} colorSchemeManager={layoutColorSchemeManager} defaultColorScheme="light" env={env}>
      <LazyNotifications />
      <DatesLocale>{children}</DatesLocale>
    </MantineProvider>
  );
}

// Wall panels shown inside Mantine screens (the scene editor's preview) take their hints from here.
const loadHintTooltip = () => import('./hint-tooltip');

/** The layout route of every Mantine screen. */
export default function MantineRoutes() {
  return (
    <MantineShell>
      <TooltipSource value={loadHintTooltip}>
        <Outlet />
      </TooltipSource>
    </MantineShell>
  );
}
