import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DayInput, keepWhole } from './day-input';

function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="day">Day</label>
      <DayInput
        id="day"
        value={value}
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
      />
    </>
  );
}

describe('DayInput', () => {
  it('shows the stored day as DD/MM/YYYY and hands back YYYY-MM-DD once a real day is typed', () => {
    const seen: string[] = [];
    render(<Harness initial="2026-11-05" seen={seen} />);
    const input = screen.getByLabelText('Day') as HTMLInputElement;
    expect(input.value).toBe('05/11/2026');
    expect(input.placeholder).toBe('DD/MM/YYYY');
    fireEvent.change(input, { target: { value: '24/12/2026' } });
    expect(seen.at(-1)).toBe('2026-12-24');
    expect(input.value).toBe('24/12/2026');
  });

  it('keeps a half-typed or impossible day as typed and marks it once left', () => {
    const seen: string[] = [];
    render(<Harness initial="" seen={seen} />);
    const input = screen.getByLabelText('Day') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '31/02/2026' } });
    expect(seen.at(-1)).toBe('31/02/2026');
    expect(input.value).toBe('31/02/2026');
    fireEvent.blur(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '' } });
    expect(seen.at(-1)).toBe('');
  });

  it('lets a filter keep its last whole day while one is being typed', () => {
    expect(keepWhole('2026-01-01', '12/0')).toBe('2026-01-01');
    expect(keepWhole('2026-01-01', '2026-02-03')).toBe('2026-02-03');
    expect(keepWhole('2026-01-01', '')).toBe('');
  });
});
