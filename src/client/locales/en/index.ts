import { MESSAGES } from '@shared/messages';
import type { LocaleShape } from '../types';
import type cn from '../cn';
import common from './common';

const messages = Object.fromEntries(Object.entries(MESSAGES).map(([k, v]) => [k, v.en]));

const en: LocaleShape<Omit<typeof cn, 'messages'>> & { messages: Record<string, string> } = { common, messages };
export default en;
