import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Card, Center, Group, Loader, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { changePasswordSchema, profileSchema, type SessionUser } from '@shared/contracts/auth';
import { localName } from '@shared/local-name';
import { ApiError } from '../../lib/api';
import { getSession, setUser } from '../../lib/session';
import { withMessage } from '../../lib/form-error';
import { useUserInfo } from './api/get-user-info';
import { useUpdateProfile, type ProfileBody } from './api/update-profile';
import { useChangePassword, type ChangePasswordBody } from './api/change-password';

const validateProfile = schemaResolver(profileSchema, { sync: true });
const validatePassword = schemaResolver(changePasswordSchema, { sync: true });

/** Server field errors (400 `data.fields`) go next to their fields; anything else is a toast. */
function reportError(error: unknown, setErrors: (errors: Record<string, string>) => void): void {
  if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
  notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
}

/** Each role by its name in the reader's language (the code when the answer carries no names). */
function roleLabels(user: SessionUser, language: string): { code: string; label: string }[] {
  return user.roles.map((code) => {
    const named = user.roleNames?.find((r) => r.code === code);
    return { code, label: named ? localName(named.name, named.nameEn, language) : code };
  });
}

function ProfileForm({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation('account');
  const mutation = useUpdateProfile();
  const form = useForm<ProfileBody>({
    mode: 'controlled',
    initialValues: { realName: user.realName ?? '', phone: user.phone ?? '', email: user.email ?? '' },
    validate: validateProfile,
  });
  const submit = form.onSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        const current = getSession().user;
        if (current) setUser({ ...current, ...values } as SessionUser);
        notifications.show({ color: 'teal', message: t('profile.saved') });
      },
      onError: (error) => reportError(error, form.setErrors),
    }),
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="account-profile">
      <Title order={4} id="account-profile" mb="md">
        {t('profile.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('profile.username')} value={user.username} readOnly variant="filled" />
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('profile.roles')}
            </Text>
            <Group gap={6}>
              {roleLabels(user, i18n.language).map((role) => (
                <Badge key={role.code} variant="light" data-role={role.code}>
                  {role.label}
                </Badge>
              ))}
            </Group>
          </div>
          <TextInput label={t('profile.realName')} withAsterisk {...withMessage(form.getInputProps('realName'))} />
          <TextInput label={t('profile.phone')} inputMode="tel" {...withMessage(form.getInputProps('phone'))} />
          <TextInput label={t('profile.email')} type="email" {...withMessage(form.getInputProps('email'))} />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PasswordForm() {
  const { t } = useTranslation('account');
  const mutation = useChangePassword();
  const form = useForm<ChangePasswordBody>({
    mode: 'controlled',
    initialValues: { password: '', newPassword: '', confirmPassword: '' },
    validate: validatePassword,
  });
  const submit = form.onSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        form.reset();
        notifications.show({ color: 'teal', message: t('password.changed') });
      },
      onError: (error) => reportError(error, form.setErrors),
    }),
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="account-password">
      <Title order={4} id="account-password" mb="md">
        {t('password.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput label={t('password.current')} autoComplete="current-password" withAsterisk {...withMessage(form.getInputProps('password'))} />
          <PasswordInput
            label={t('password.next')}
            description={t('password.nextHint')}
            autoComplete="new-password"
            withAsterisk
            {...withMessage(form.getInputProps('newPassword'))}
          />
          <PasswordInput label={t('password.confirm')} autoComplete="new-password" withAsterisk {...withMessage(form.getInputProps('confirmPassword'))} />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** /main/account (spec §2): personal information and password. */
export default function AccountPage() {
  const { t } = useTranslation(['account', 'common']);
  const info = useUserInfo();
  if (info.isPending)
    return (
      <Center mih={240}>
        <Loader aria-label={t('common:states.loading')} />
      </Center>
    );
  if (info.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {info.error.message}
      </Alert>
    );
  return (
    <Stack gap="md" maw={1100}>
      <Title order={3}>{t('title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ProfileForm user={info.data} />
        <PasswordForm />
      </SimpleGrid>
    </Stack>
  );
}
