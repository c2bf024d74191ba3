import { HttpResponse, delay } from 'msw';
import { MOCK_DELAY_MAX_MS, MOCK_DELAY_MIN_MS } from '@shared/constants';
import { pageOf } from '@shared/envelope';

/** Success envelope. */
export const ok = <T>(data: T) => HttpResponse.json({ code: 0, msg: 'success', data });
/** Error envelope with the HTTP status equal to the code, as the server answers. */
export const fail = (code: number, msg: string, data: unknown = null) => HttpResponse.json({ code, msg, data }, { status: code });
export const paged = <T>(rows: T[], page: number, limit: number) =>
  ok(pageOf(rows.slice((page - 1) * limit, page * limit), rows.length, page, limit));
/** The spec's mock delay (50–200 ms), used by the offline demo only, never in tests. */
export const demoDelay = () => (import.meta.env?.MODE === 'mock' ? delay(MOCK_DELAY_MIN_MS + Math.random() * (MOCK_DELAY_MAX_MS - MOCK_DELAY_MIN_MS)) : Promise.resolve());
export const API = '/api';
