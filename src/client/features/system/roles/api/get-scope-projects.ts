import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchProjectOptions, projectOptionsKey } from '@client/shared/work-kit/work-api';

/** Every project a role's scope can name, as options in the reader's language (the picker filters them). */
export function useScopeProjects() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: [...projectOptionsKey(i18n.language), 'all'], queryFn: () => fetchProjectOptions('') });
}
