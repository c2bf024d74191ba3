import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, NumberInput, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { ApiError } from '../../lib/api';
import { useVisitorLogin } from './api/visitor-login';
import { AuthCard, SignInError } from './auth-backdrop';
import { withMessage } from '../../lib/form-error';
import { useDocumentTitle } from '@client/lib/document-title';

/**
 * /login2/:projectId? (docs/domain.md §6): a visitor enters the password an administrator issued for one
 * public project. The visitor token travels to the project wall in the navigation state; keeping it
 * as a visitor session belongs to the wall.
 */
export default function Login2Page() {
  const { projectId } = useParams();
  // The form starts from the address: going from /login2 to /login2/1 in the same tab starts a new one
  // (a kept form would still wait for the project number it no longer shows).
  return <Login2Form key={projectId ?? ''} projectId={projectId} />;
}

function Login2Form({ projectId }: { projectId: string | undefined }) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login2.title'));
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const mutation = useVisitorLogin();
  const fixedProject = projectId && /^\d+$/.test(projectId) ? Number(projectId) : null;

  const form = useForm<{ projectId: number | string; password: string }>({
    mode: 'controlled',
    initialValues: { projectId: fixedProject ?? '', password: '' },
    validate: {
      projectId: (v) => (v === '' || Number(v) < 1 ? 'v.required' : null),
      password: (v) => (v ? null : 'v.passwordEmpty'),
    },
  });

  const submit = form.onSubmit((values) => {
    setServerError(null);
    const id = Number(values.projectId);
    mutation.mutate(
      { projectId: id, password: values.password },
      {
        onSuccess: ({ token }) => void navigate(`/page/project/${id}`, { state: { visitorToken: token } }),
        onError: (error) => setServerError(error instanceof ApiError ? error.message : String(error)),
      },
    );
  });

  return (
    <AuthCard title={t('login2.title')} subtitle={t('login2.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SignInError message={serverError} />
          {fixedProject === null ? (
            <NumberInput label={t('login2.projectId')} min={1} allowDecimal={false} withAsterisk {...withMessage(form.getInputProps('projectId'))} />
          ) : null}
          <PasswordInput label={t('login2.password')} leftSection={<IconKey size={16} />} withAsterisk {...withMessage(form.getInputProps('password'))} />
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            {t('login2.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
