import { PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OSS_PROVIDERS, ossConfigSchema, type OssConfig, type OssProvider } from '@shared/contracts/oss-config';
import type { FormValues } from '@client/components/form/form-values';
import type { FormBodyProps, ListForm } from '@client/components/list-page/list-page';

export type OssConfigValues = FormValues<typeof ossConfigSchema>;
const initialValues: OssConfigValues = { name: '', provider: 'local', config: { folder: '' }, active: false };
const S3_DEFAULTS = { endpoint: '', bucket: '', region: '', accessKeyId: '', secretAccessKey: '', forcePathStyle: true };

function OssConfigForm({ form, mode }: FormBodyProps<OssConfigValues>) {
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

/** The storage list's add/edit form, loaded when its dialog first opens (oss-config.screen.tsx). */
export const ossConfigForm: ListForm<OssConfigValues, OssConfig> = {
  Body: OssConfigForm,
  schema: ossConfigSchema,
  initialValues,
  // The secret never comes back: the form starts empty and an empty secret keeps the stored one.
  toFormValues: (row) => ({ name: row.name, provider: row.provider, config: row.provider === 's3' ? { ...S3_DEFAULTS, ...row.config, secretAccessKey: '' } : { folder: '', ...row.config }, active: row.active }),
};
