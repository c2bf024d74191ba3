import { useTranslation } from 'react-i18next';
import type { Locale } from '@shared/constants';
import type { ChartTone } from '@client/components/wall/theme-charts';

/** The wall namespace, the current language and the chart tone, as every panel needs them. */
export function useWallText(tone: ChartTone = 'wall') {
  const { t, i18n } = useTranslation('wall');
  const locale = (i18n.language === 'en' ? 'en' : 'cn') as Locale;
  return { t, locale, ctx: { t, locale, tone } };
}
