import { http } from 'msw';
import { API, ok } from '../envelope';

/** Column choices and order of the data table, per screen (the server keeps them per user). */
interface UiPref {
  order: string[];
  hidden: string[];
}

const uiPrefs = new Map<string, UiPref>();

/** Forgets saved preferences; tests call it so one test's choice does not leak into the next. */
export function resetUiPrefs(): void {
  uiPrefs.clear();
}

export const kitHandlers = [
  http.get(`${API}/sys/ui-pref/:screen`, ({ params }) => ok(uiPrefs.get(String(params.screen)) ?? null)),
  http.post(`${API}/sys/ui-pref/:screen`, async ({ params, request }) => {
    const body = (await request.json()) as { value: UiPref };
    uiPrefs.set(String(params.screen), body.value);
    return ok(null);
  }),
];
