import type { Sharp, SharpOptions } from 'sharp';

import { onFirstUse } from './first-use';

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;

/**
 * The image library, loaded on first use: its native part (libvips) adds some 30 MB to
 * the process as it loads, and a server usually goes long without a thumbnail to make or a site
 * plan to measure, so an idle server does not carry it.
 */
export const loadSharp = onFirstUse(() => import('sharp').then((m) => m.default as SharpFactory));
