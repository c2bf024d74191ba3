import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/server';
import { renderWithProviders } from '@tests/helpers/render';
import UploadPage from './upload.screen';


const MB = 1024 * 1024;

/** A file that says it is `size` bytes long without holding them (the screen reads only name and size before sending). */
function fileOf(name: string, size: number, type = 'application/pdf'): File {
  const file = new File(['%PDF-1.4'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/**
 * Counts the uploads that reach the server. jsdom's form data reaches MSW without the file's name or
 * bytes, so the requests are told apart by their order (the screen sends in the order files were
 * added): those numbered in `hold` (from 1) never get an answer, the others get `answer`.
 */
function uploads(hold: number[] = [], answer: 'stored' | 'refused' = 'stored'): { count: number } {
  const sent = { count: 0 };
  server.use(
    http.post('/api/oss/file/upload', async () => {
      const n = ++sent.count;
      if (hold.includes(n)) await delay('infinite');
      if (answer === 'refused') return HttpResponse.json({ code: 400, msg: 'The file content does not match its extension', data: null }, { status: 400 });
      return HttpResponse.json({ code: 0, msg: 'ok', data: { id: n, name: `file-${n}.pdf`, url: `/api/oss/file/download/${n}`, thumbUrl: null, contentType: 'application/pdf', size: 1 } });
    }),
  );
  return sent;
}

const row = (name: string) => screen.getByRole('listitem', { name });

describe('upload screen (oss/oss-upload)', { timeout: 60_000 }, () => {
  it('shows the limits before anything is chosen, sends the files within them and refuses the others unsent', async () => {
    const sent = uploads();
    renderWithProviders(<UploadPage />, { locale: 'en' });
    expect(await screen.findByText('Up to 20.0 MB per file, images up to 10.0 MB')).toBeInTheDocument();
    expect(screen.getByText(/^Accepted: PNG, JPG, JPEG, JFIF, PDF, XLSX$/)).toBeInTheDocument();

    const input = screen.getByLabelText('choose files');
    await userEvent.setup({ applyAccept: false }).upload(input, [fileOf('manual.pdf', 2 * MB), fileOf('huge.pdf', 21 * MB), fileOf('photo.png', 11 * MB, 'image/png'), fileOf('setup.exe', 1024)]);

    expect(await within(row('manual.pdf')).findByText('Uploaded')).toBeInTheDocument();
    expect(within(row('manual.pdf')).getByRole('progressbar', { name: 'manual.pdf 100%' })).toBeInTheDocument();
    expect(within(row('huge.pdf')).getByText('Not sent: larger than 20.0 MB')).toBeInTheDocument();
    expect(within(row('photo.png')).getByText('Not sent: image larger than 10.0 MB')).toBeInTheDocument();
    expect(within(row('setup.exe')).getByText('Not sent: this kind of file is not accepted')).toBeInTheDocument();
    expect(screen.getByText('1 of 4 uploaded')).toBeInTheDocument();
    expect(sent.count).toBe(1);
  });

  // The bytes-sent events themselves are tested on lib/api.ts `uploadForm` (MSW sends them only with its answer).
  it('takes dropped files, shows each one’s progress, and cancels one without stopping the others', async () => {
    const sent = uploads([1]);
    renderWithProviders(<UploadPage />, { locale: 'cn' });
    await screen.findByText('单个文件不超过 20.0 MB，图片不超过 10.0 MB');
    const zone = screen.getByTestId('upload-drop-zone');
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone).toHaveAttribute('data-dragging', 'true');
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf('slow.pdf', 3 * MB), fileOf('quick.pdf', MB)] } });
    expect(zone).not.toHaveAttribute('data-dragging');

    // slow.pdf is under way (its answer never comes); quick.pdf went beside it and is stored.
    expect(await within(row('slow.pdf')).findByText('上传中 0%')).toBeInTheDocument();
    expect(within(row('slow.pdf')).getByRole('progressbar', { name: 'slow.pdf 0%' })).toBeInTheDocument();
    expect(await within(row('quick.pdf')).findByText('已上传')).toBeInTheDocument();
    expect(within(row('quick.pdf')).getByRole('progressbar', { name: 'quick.pdf 100%' })).toBeInTheDocument();

    await userEvent.click(within(row('slow.pdf')).getByRole('button', { name: '取消' }));
    expect(await within(row('slow.pdf')).findByText('已取消')).toBeInTheDocument();
    expect(within(row('slow.pdf')).getByRole('button', { name: '移除' })).toBeInTheDocument();
    expect(screen.getByText('共 2 个，已上传 1 个')).toBeInTheDocument();
    expect(sent.count).toBe(2);

    await userEvent.click(screen.getByRole('button', { name: '清除已完成' }));
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('cancels a file still waiting its turn before it is sent, and shows the server’s refusal of another', async () => {
    const sent = uploads([1, 2], 'refused');
    renderWithProviders(<UploadPage />, { locale: 'en' });
    await screen.findByText('Up to 20.0 MB per file, images up to 10.0 MB');
    // Two at a time: the third waits.
    await userEvent.upload(screen.getByLabelText('choose files'), [fileOf('hold-1.pdf', MB), fileOf('hold-2.pdf', MB), fileOf('third.pdf', MB)]);
    expect(within(row('third.pdf')).getByText('Waiting')).toBeInTheDocument();
    await userEvent.click(within(row('third.pdf')).getByRole('button', { name: 'Cancel' }));
    expect(within(row('third.pdf')).getByText('Cancelled')).toBeInTheDocument();

    await userEvent.click(within(row('hold-1.pdf')).getByRole('button', { name: 'Cancel' }));
    await userEvent.upload(screen.getByLabelText('choose files'), [fileOf('plan.pdf', MB)]);
    expect(await within(row('plan.pdf')).findByText('Failed: The file content does not match its extension')).toBeInTheDocument();
    // hold-1, hold-2 and plan: the cancelled third file never went.
    expect(sent.count).toBe(3);
  });

  it('refuses files until the limits are known, and says when they cannot be read', async () => {
    server.use(http.get('/api/oss/file/limits', () => HttpResponse.json({ code: 500, msg: 'Server error', data: null }, { status: 500 })));
    renderWithProviders(<UploadPage />, { locale: 'en' });
    expect(await screen.findByText('The upload limits could not be read: Server error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'choose files' })).toBeDisabled();
  });
});
