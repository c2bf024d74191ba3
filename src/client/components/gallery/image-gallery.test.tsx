import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderKit } from '@tests/helpers/kit-render';
import { ImageGallery } from './image-gallery';

const images = [
  { src: '/img/a.png', alt: 'Plaza fountain' },
  { src: '/img/b.png', alt: 'Lake curtain' },
];

describe('ImageGallery', () => {
  it('opens a preview and steps through the images', async () => {
    renderKit(<ImageGallery images={images} />);
    await userEvent.click(screen.getByRole('button', { name: '预览图片: Plaza fountain' }));
    const dialog = screen.getByRole('dialog', { name: 'Plaza fountain' });
    expect(within(dialog).getByText('1 / 2')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '下一张' }));
    expect(screen.getByRole('dialog', { name: 'Lake curtain' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(screen.getByRole('dialog', { name: 'Plaza fountain' })).toBeInTheDocument();
  });

  it("says 'The image could not be loaded' when an image fails", () => {
    renderKit(<ImageGallery images={[images[0]]} />);
    fireEvent.error(screen.getByRole('img', { name: 'Plaza fountain' }));
    expect(screen.getByText('The image could not be loaded')).toBeInTheDocument();
  });
});
