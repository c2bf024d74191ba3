import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@shared/constants';
import type { ChartTone } from '@client/components/wall/theme-charts';

/**
 * The wall namespace, the current language and the chart tone, as every panel needs them. `ctx`
 * keeps its identity until the language changes: chart options are built from it, and a new one on
 * every render set every chart's option again each time any of the wall's calls answered.
 */
export function useWallText(tone: ChartTone = 'wall') {
  const { t, i18n } = useTranslation('wall');
  const locale = (i18n.language === 'en' ? 'en' : 'cn') as Locale;
  const ctx = useMemo(() => ({ t, locale, tone }), [t, locale, tone]);
  return { t, locale, ctx };
}
