import type { Locator } from 'playwright-core';

/**
 * Types `text` into a field, replacing what it held. Not `fill()`: over WebDriver BiDi (Firefox) it
 * sets the value without an input event React sees, so the app's state would stay empty. Real key
 * presses work the same in every browser.
 */
export async function typeInto(field: Locator, text: string): Promise<void> {
  await field.selectText();
  await field.press('Delete');
  await field.pressSequentially(text);
}
