import { MESSAGES } from '@shared/messages';
import common from './common';

const messages = Object.fromEntries(Object.entries(MESSAGES).map(([k, v]) => [k, v.cn]));

/** Chinese resources, one namespace per file; add a namespace here and in ../en/index.ts. */
const cn = { common, messages };
export default cn;
