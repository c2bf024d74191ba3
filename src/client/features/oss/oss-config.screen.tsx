import { Badge, Button, PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OSS_PROVIDERS, ossConfigSchema, type OssConfig, type OssProvider } from '@shared/contracts/oss-config';
import { api } from '@client/lib/api';
import { useCan } from '@client/lib/session';
import type { FormValues } from '@client/components/form/form-values';
import { ListPage, type FormBodyProps } from '@client/components/list-page/list-page';
import { toast } from '@client/components/feedback/toast';
import { dateTime } from '@client/lib/date-time';
import { keysOf } from '@client/lib/resource-keys';
import { RESOURCES } from '@shared/resources';
import { permissionOf } from '@client/lib/resources';

const BASE = RESOURCES.ossConfig.api;
const keys = keysOf('ossConfig');
type Values = FormValues<typeof ossConfigSchema>;
const initialValues: Values = { name: '', provider: 'local', config: { folder: '' }, active: false };
const S3_DEFAULTS = { endpoint: '', bucket: '', region: '', accessKeyId: '', secretAccessKey: '', forcePathStyle: true };

function OssConfigForm({ form, mode }: FormBodyProps<Values>) {
  const { t } = useTranslation('sysadmin');
  const text = (key: string) => ({
    value: String(form.values.config[key] ?? ''),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.setFieldValue('config', { ...form.values.config, [key]: e.currentTarget.value }),
    error: form.errors[`config.${key}`],
  });
  return (
    <Stack gap="sm">
      <TextInput label={t('ossConfig.name')} withAsterisk {...form.getInputProps('name')} />
      <Select
        label={t('ossConfig.provider')}
        data={OSS_PROVIDERS.map((p) => ({ value: p, label: t(`ossConfig.providers.${p}`) }))}
        value={form.values.provider}
        onChange={(v) => {
          const provider = (v ?? 'local') as OssProvider;
          form.setValues({ provider, config: provider === 's3' ? { ...S3_DEFAULTS } : { folder: '' } });
        }}
      />
      {form.values.provider === 'local' ? (
        <TextInput label={t('ossConfig.folder')} {...text('folder')} />
      ) : (
        <>
          <TextInput label={t('ossConfig.endpoint')} withAsterisk placeholder="https://" {...text('endpoint')} />
          <TextInput label={t('ossConfig.bucket')} withAsterisk {...text('bucket')} />
          <TextInput label={t('ossConfig.region')} {...text('region')} />
          <TextInput label={t('ossConfig.accessKeyId')} withAsterisk {...text('accessKeyId')} />
          <PasswordInput
            label={t('ossConfig.secretAccessKey')}
            withAsterisk={mode === 'add'}
            description={mode === 'edit' ? t('ossConfig.secretKept') : undefined}
            autoComplete="new-password"
            {...text('secretAccessKey')}
          />
          <Switch
            label={t('ossConfig.forcePathStyle')}
            checked={form.values.config.forcePathStyle !== false}
            onChange={(e) => form.setFieldValue('config', { ...form.values.config, forcePathStyle: e.currentTarget.checked })}
          />
        </>
      )}
      <Switch label={t('ossConfig.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
    </Stack>
  );
}

export default function OssConfigPage() {
  const { t, i18n } = useTranslation('sysadmin');
  const queryClient = useQueryClient();
  const canActivate = useCan(permissionOf('ossConfig', 'update'));
  const activate = async (row: OssConfig) => {
    try {
      await api.post(`${BASE}/activate`, { id: row.id });
      toast.success(() => t('ossConfig.activated'));
      await queryClient.invalidateQueries({ queryKey: keys.all });
    } catch (e) {
      toast.error((e as Error).message);
    }
  };
  return (
    <ListPage<OssConfig, Values>
      key={i18n.language}
      title={t('ossConfig.title')}
      resource="ossConfig"
      schema={ossConfigSchema}
      initialValues={initialValues}
      formBody={OssConfigForm}
      // The secret never comes back: the form starts empty and an empty secret keeps the stored one.
      toFormValues={(row) => ({ name: row.name, provider: row.provider, config: row.provider === 's3' ? { ...S3_DEFAULTS, ...row.config, secretAccessKey: '' } : { folder: '', ...row.config }, active: row.active })}
      queryFields={[{ name: 'name', label: t('ossConfig.name') }]}
      columns={[
        { prop: 'name', label: t('ossConfig.name') },
        { prop: 'provider', label: t('ossConfig.provider'), render: (r) => t(`ossConfig.providers.${r.provider}`) },
        { prop: 'config', label: t('ossConfig.bucket'), render: (r) => String(r.config.bucket ?? r.config.folder ?? '') },
        { prop: 'active', label: t('ossConfig.active'), render: (r) => (r.active ? <Badge color="green" variant="light">{t('ossConfig.active')}</Badge> : null) },
        { prop: 'createdAt', label: t('ossConfig.createdAt'), nowrap: true, render: (r) => dateTime(r.createdAt) },
        {
          label: t('ossConfig.activate'),
          ignore: true,
          render: (r) =>
            canActivate && !r.active ? (
              <Button size="compact-xs" variant="subtle" leftSection={<IconCheck size={12} />} onClick={() => void activate(r)}>{t('ossConfig.activate')}</Button>
            ) : null,
        },
      ]}
    />
  );
}
