import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * The form's first field takes the focus 100 ms after it shows (spec §9); wait for that, or keys typed meanwhile
 * would land in whichever field has the focus when it moves.
 */
export async function formReady(firstField: RegExp): Promise<void> {
  await waitFor(() => {
    expect(screen.getByLabelText(firstField)).toHaveFocus();
  });
}

/** Puts a whole value into a field at once (pasting), which is quicker than typing it key by key. */
export async function fill(user: UserEvent, field: HTMLElement, value: string): Promise<void> {
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

/**
 * Fills in a password form by pasting (the current password only when given; the confirmation repeats the new
 * password unless given), then presses its `submit` button.
 */
export async function submitPasswords(
  user: UserEvent,
  passwords: { current?: string; next: string; confirmation?: string },
  submit: string,
): Promise<void> {
  if (passwords.current !== undefined) await fill(user, screen.getByLabelText(/^Current password/), passwords.current);
  await fill(user, screen.getByLabelText(/^New password/), passwords.next);
  await fill(user, screen.getByLabelText(/^Confirm new password/), passwords.confirmation ?? passwords.next);
  await user.click(screen.getByRole('button', { name: submit }));
}
