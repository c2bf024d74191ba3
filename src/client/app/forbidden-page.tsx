import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Group } from '@mantine/core';
import { StatusScreen } from './status-screen';

/** /403 (spec §2): the user is not authorised for what they asked for. */
export function ForbiddenPage() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  return (
    <StatusScreen
      code="403"
      title={t('forbidden.title')}
      text={t('forbidden.text')}
      actions={
        <Group>
          <Button variant="default" onClick={() => navigate(-1)}>
            {t('forbidden.back')}
          </Button>
          <Button component={Link} to="/">
            {t('forbidden.home')}
          </Button>
        </Group>
      }
    />
  );
}
