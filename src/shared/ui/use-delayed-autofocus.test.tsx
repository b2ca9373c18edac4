import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { autofocusDelayMs, useDelayedAutofocus } from './use-delayed-autofocus';

function TwoFields() {
  const emailRef = useRef<HTMLInputElement>(null);
  useDelayedAutofocus(emailRef);
  return (
    <>
      <input aria-label="Email" ref={emailRef} />
      <input aria-label="Password" />
    </>
  );
}

describe('useDelayedAutofocus', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('focuses the first field after the §9 delay of 100 ms', () => {
    expect(autofocusDelayMs).toBe(100);
    render(<TwoFields />);
    act(() => {
      vi.advanceTimersByTime(autofocusDelayMs - 1);
    });
    expect(screen.getByLabelText('Email')).not.toHaveFocus();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('leaves the focus where the person put it within those 100 ms', () => {
    render(<TwoFields />);
    act(() => {
      screen.getByLabelText('Password').focus();
      vi.advanceTimersByTime(autofocusDelayMs);
    });
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });
});
