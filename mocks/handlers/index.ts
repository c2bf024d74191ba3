import type { RequestHandler } from 'msw';
import { appHandlers } from './app';
import { authHandlers } from './auth';
import { kitHandlers } from './kit';
import { operationsWorkHandlers } from './operations-work';
import { systemIdentityHandlers } from './system-identity';
import { wallProjectHandlers } from './wall-project';
import { statsHandlers } from './stats';
import { operationsProjectsHandlers } from './operations-projects';
import { operationsRisksHandlers } from './operations-risks';
import { assignmentHandlers } from './assignment';

/**
 * MSW handlers for client tests and the offline demo (`npm run dev:mock`), one file per area,
 * typed by the contracts in src/shared. Add an area's handlers to this list.
 */
export const handlers: RequestHandler[] = [...authHandlers, ...kitHandlers, ...operationsWorkHandlers, ...systemIdentityHandlers, ...wallProjectHandlers, ...statsHandlers, ...operationsProjectsHandlers, ...operationsRisksHandlers, ...assignmentHandlers, ...appHandlers];
