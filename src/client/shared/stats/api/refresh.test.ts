import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { QueryClient } from '@tanstack/react-query';
import { server } from '../../../../../mocks/server';
import { API } from '../../../../../mocks/envelope';
import { clearSession, loginDisplay } from '@client/lib/session';
import { countProjectsQueryOptions } from './get-count-projects';

// Issue 18: the wall's timed refresh asks with the ETag of the answer it holds; an unchanged answer is a 304.
describe('the wall refresh over unchanged data', () => {
  afterEach(() => clearSession());

  it('a wall query refreshed by its timer over an unchanged answer keeps its data object and says nothing changed', async () => {
    let answers = 0;
    let full = 0;
    server.use(
      http.get(`${API}/ball/fallproject/countProjects`, ({ request }) => {
        answers += 1;
        if (request.headers.get('if-none-match') === '"same"') return new HttpResponse(null, { status: 304, headers: { etag: '"same"' } });
        full += 1;
        return HttpResponse.json({ code: 0, msg: 'success', data: { total: 3, running: 2, repair: 1, stopped: 0 } }, { headers: { etag: '"same"' } });
      }),
    );
    loginDisplay('wall-token-2', 'display');
    const client = new QueryClient();
    const first = await client.fetchQuery(countProjectsQueryOptions());
    await client.refetchQueries({ queryKey: countProjectsQueryOptions().queryKey });
    await client.refetchQueries({ queryKey: countProjectsQueryOptions().queryKey });
    expect(answers).toBe(3);
    expect(full).toBe(1);
    expect(client.getQueryData(countProjectsQueryOptions().queryKey)).toBe(first);
  });
});
