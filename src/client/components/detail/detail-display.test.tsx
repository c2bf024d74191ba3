import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderKit } from '@tests/helpers/kit-render';
import { DetailDisplay } from './detail-display';

describe('DetailDisplay', () => {
  it('shows terms and values with 120px labels', () => {
    renderKit(<DetailDisplay items={[{ label: 'Name', value: 'Plaza fountain' }, { label: 'City', value: 'Dubai' }]} />);
    const term = screen.getByText('Name');
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['Name', 'City']);
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['Plaza fountain', 'Dubai']);
    expect(term).toHaveStyle({ width: 'calc(7.5rem * var(--mantine-scale))' });
  });
});
