import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A list screen's add/edit dialog once its form has loaded: the first opening loads the form
 * (components/list-page ListPageProps.form), and until then the dialog holds a spinner, no form;
 * an edit then reads its record, and until it has, the form is `aria-busy` and empty
 * (list-editor.tsx). On a busy machine either takes seconds.
 */
export function listDialog(name?: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = name === undefined ? screen.getByRole('dialog') : screen.getByRole('dialog', { name });
    const form = dialog.querySelector('form');
    expect(form).not.toBeNull();
    expect(form!.getAttribute('aria-busy')).not.toBe('true');
    expect(form!.childElementCount).toBeGreaterThan(0);
    return dialog;
  });
}
