import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A list screen's add/edit dialog once its form has loaded: the first opening loads the form
 * (components/list-page ListPageProps.form), and until then the dialog holds a spinner, no form.
 */
export function listDialog(name?: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = name === undefined ? screen.getByRole('dialog') : screen.getByRole('dialog', { name });
    expect(dialog.querySelector('form')).not.toBeNull();
    return dialog;
  });
}
