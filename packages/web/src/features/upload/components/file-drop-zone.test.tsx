import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileDropZone } from './file-drop-zone';

describe('the drop area', () => {
  it('says that uploading means agreeing to the terms, linking them outside the picker', () => {
    render(<FileDropZone maxLabel="5GB" onFiles={() => {}} />);
    const line = screen.getByText(/By uploading you agree to the/);
    expect(line).toHaveTextContent(/^By uploading you agree to the terms of use\.$/);
    const link = screen.getByRole('link', { name: 'terms of use' });
    expect(link).toHaveAttribute('href', '/terms');
    // Not inside the label: clicking the link must not open the file picker.
    expect(link.closest('label')).toBeNull();
  });
});
