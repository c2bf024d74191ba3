import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@mantine/core';
import { StatusScreen } from './status-screen';

/** Any unknown path (spec §2). Inside /main it shows in the work area. */
export function NotFoundPage({ inLayout = false }: { inLayout?: boolean }) {
  const { t } = useTranslation('layout');
  return (
    <StatusScreen
      code="404"
      inLayout={inLayout}
      title={t('notFound.title')}
      text={t('notFound.text')}
      actions={
        <Button component={Link} to={inLayout ? '/main' : '/'}>
          {t('notFound.home')}
        </Button>
      }
    />
  );
}
