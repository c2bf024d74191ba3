import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '@mantine/core';
import { StatusScreen } from './status-screen';
import { NotFoundPage } from './not-found-page';
import { MantineShell } from './mantine-shell';

/** The router's last resort: an error thrown while navigating or rendering (also on a wall, so it brings Mantine). */
export function RouteError() {
  return (
    <MantineShell>
      <RouteErrorScreen />
    </MantineShell>
  );
}

function RouteErrorScreen() {
  const { t } = useTranslation('layout');
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <StatusScreen
      code="!"
      title={t('routeError.title')}
      text={error instanceof Error && error.message ? error.message : t('routeError.text')}
      actions={<Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>}
    />
  );
}
