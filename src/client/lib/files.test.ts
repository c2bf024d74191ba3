import { afterEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/server';
import { fileIdOf, isApiUrl, useFileSrc } from './files';
import { clearSession, loginDisplay } from './session';

describe('stored files without a token in any URL', () => {
  afterEach(() => clearSession());

  it('knows which addresses are the API\'s and which file they name', () => {
    expect(isApiUrl('/api/oss/file/download/3')).toBe(true);
    expect(isApiUrl('//cdn.example.com/x.png')).toBe(false);
    expect(isApiUrl('https://cdn.example.com/x.png')).toBe(false);
    expect(fileIdOf('/api/oss/file/download/12')).toBe(12);
    expect(fileIdOf('/api/oss/file/thumb/7?x=1')).toBe(7);
    expect(fileIdOf('/api/oss/file/meta')).toBeNull();
  });

  it('loads an API image with the session in the header and shows it from memory; another host\'s as it is', async () => {
    loginDisplay('display-token');
    let seen: { auth: string | null; url: string } | null = null;
    server.use(
      http.get('*/api/oss/file/thumb/5', ({ request }) => {
        seen = { auth: request.headers.get('authorization'), url: request.url };
        return new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } });
      }),
    );
    const { result } = renderHook(() => useFileSrc('/api/oss/file/thumb/5'));
    await waitFor(() => expect(result.current).toMatch(/^blob:/));
    expect(seen!.auth).toBe('display-token');
    expect(seen!.url).not.toContain('token');
    const outside = renderHook(() => useFileSrc('https://cdn.example.com/p.png'));
    await waitFor(() => expect(outside.result.current).toBe('https://cdn.example.com/p.png'));
  });
});
