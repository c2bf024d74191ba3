import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconLock, IconShieldCheck, IconUser } from '@tabler/icons-react';
import type { LoginBody } from '@shared/contracts/auth';
import { runtimeConfig } from '../../lib/runtime-config';
import { login } from '../../lib/session';
import { ApiError } from '../../lib/api';
import { useLogin } from './api/login';
import { AuthCard, SignInError } from './auth-backdrop';
import { CaptchaImage, newCaptchaId } from './captcha';
import { withMessage } from '../../lib/form-error';
import { useDocumentTitle } from '@client/lib/document-title';

type Fields = Omit<LoginBody, 'uuid'>;
type Errors = Partial<Record<keyof Fields, string>>;
type Validate = (body: LoginBody) => Errors;

/**
 * The shared login contract checks the form, but zod is a quarter of the login's JavaScript and is
 * not needed to draw the page: the contract loads when the form is first focused (or on submit) and
 * the form is checked once it is there. Each field keeps its first message key.
 */
const loadValidator = (): Promise<Validate> =>
  import('@shared/contracts/auth').then(({ loginBodySchema }) => (body) => {
    const errors: Errors = {};
    for (const issue of loginBodySchema.safeParse(body).error?.issues ?? []) {
      const field = issue.path[0] as keyof Fields;
      errors[field] ??= issue.message;
    }
    return errors;
  });

/** Only a path inside this app may be where login sends the user, never another site. */
function redirectTarget(value: string | null): string {
  if (value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login')) return value;
  return runtimeConfig().loginRedirect;
}

/** /login (spec §2, docs/domain.md §2): username, password and, when switched on, the captcha. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.submit'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const withCaptcha = runtimeConfig().captcha;
  const [uuid, setUuid] = useState(newCaptchaId);
  const [serverError, setServerError] = useState<string | null>(null);
  const mutation = useLogin();
  const validateBody = useRef<Validate | null>(null);
  const validator = useRef<Promise<Validate> | null>(null);
  const prepareValidator = () => {
    validator.current ??= loadValidator().then((validate) => (validateBody.current = validate));
    // A failed download is tried again on the next focus or submit.
    validator.current.catch(() => (validator.current = null));
    return validator.current;
  };

  // Three fields and a check on submit: kept in state here rather than with Mantine's form package,
  // which would be 6 KB gzip of the login's JavaScript for them.
  const [values, setValues] = useState<Fields>({ username: '', password: '', captcha: '' });
  const [errors, setErrors] = useState<Errors>({});
  const setField = (name: keyof Fields, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  /** A field's value, its change and its error: the message key worded in the current language. */
  const field = (name: keyof Fields) =>
    withMessage({ value: values[name], onChange: (event: ChangeEvent<HTMLInputElement>) => setField(name, event.currentTarget.value), error: errors[name] });

  const refreshCaptcha = () => {
    setUuid(newCaptchaId());
    setField('captcha', '');
  };

  const submitChecked = () => {
    const found = validateBody.current?.({ ...values, uuid }) ?? {};
    if (withCaptcha && !values.captcha.trim()) found.captcha = 'v.required';
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setServerError(null);
    mutation.mutate(
      { ...values, username: values.username.trim(), captcha: withCaptcha ? values.captcha.trim() : '', uuid: withCaptcha ? uuid : '' },
      {
        onSuccess: (result) => {
          login(result.token, result.user);
          void navigate(redirectTarget(params.get('redirect')), { replace: true });
        },
        onError: (error) => {
          setServerError(error instanceof ApiError ? error.message : String(error));
          if (withCaptcha) refreshCaptcha();
        },
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    prepareValidator().then(
      () => submitChecked(),
      (error: unknown) => setServerError(error instanceof Error ? error.message : String(error)),
    );
  };

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={submit} onFocus={() => void prepareValidator().catch(() => undefined)} noValidate>
        <Stack gap="md">
          <SignInError message={serverError} />
          <TextInput
            label={t('login.username')}
            autoComplete="username"
            leftSection={<IconUser size={16} />}
            withAsterisk
            {...field('username')}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            withAsterisk
            {...field('password')}
          />
          {withCaptcha ? (
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                label={t('login.captcha')}
                autoComplete="off"
                leftSection={<IconShieldCheck size={16} />}
                withAsterisk
                style={{ flex: 1 }}
                maxLength={8}
                {...field('captcha')}
              />
              <div style={{ paddingTop: 25 }}>
                <CaptchaImage uuid={uuid} onRefresh={refreshCaptcha} />
              </div>
            </Group>
          ) : null}
          <Button type="submit" size="md" fullWidth loading={mutation.isPending} mt="xs">
            {t('login.submit')}
          </Button>
          {runtimeConfig().demo ? (
            <Alert variant="light" color="cyan" icon={<IconInfoCircle size={18} />} p="xs">
              <Text size="sm">{t('login.demo')}</Text>
            </Alert>
          ) : null}
        </Stack>
      </form>
    </AuthCard>
  );
}
