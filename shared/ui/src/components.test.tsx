import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BirthDateFields } from './birth-date/birth-date-fields.tsx';
import { ConfirmDialog } from './confirm-dialog/confirm-dialog.tsx';
import { Glyph } from './icon/glyph.tsx';
import { LOCK_GLYPH } from './icon/glyphs.tsx';
import { Icon } from './icon/icon.tsx';
import { useMediaQuery } from './media/use-media-query.ts';
import { formatPrice, Price, TokenCost } from './price/price.tsx';
import { ProgressBar } from './progress-bar/progress-bar.tsx';
import { SegmentedControl } from './segmented-control/segmented-control.tsx';
import { Tabs } from './tabs/tabs.tsx';
import { TextField } from './text-field/text-field.tsx';
import { Toast } from './toast/toast.tsx';

afterEach(cleanup);

describe('TextField', () => {
  it('should label the input and describe it with its error', () => {
    render(<TextField label="Email" error="Enter a valid email address." defaultValue="x" />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('should render a labelled textarea when multiline, invalid without a message', () => {
    render(<TextField multiline label="Message" invalid rows={4} defaultValue="" />);
    const area = screen.getByLabelText('Message');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  it('should ask, confirm and cancel', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Log out Account"
        confirmLabel="Log out"
        tone="danger"
        onConfirm={onConfirm}
        onClose={onClose}
      >
        Are you sure?
      </ConfirmDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Log out Account' }).textContent).toContain('Are you sure?');
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalled();
  });

  it('should be a default 600 px modal unless a size is asked for (000 §2.5: only the daily bonus is 440)', () => {
    render(
      <ConfirmDialog
        open
        title="Unlock this photo?"
        confirmLabel="Unlock"
        onConfirm={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(document.querySelector('[data-size]')?.getAttribute('data-size')).toBe('md');
  });
});

describe('BirthDateFields', () => {
  it('should offer twelve months and the last hundred years, and report a change', () => {
    const onChange = vi.fn();
    render(<BirthDateFields value={{ month: 1, year: 2000 }} onChange={onChange} thisYear={2026} />);
    const year = screen.getByLabelText('Birth year') as HTMLSelectElement;
    expect(screen.getByLabelText('Birth month').querySelectorAll('option')).toHaveLength(12);
    expect(year.options[0]!.value).toBe('2026');
    expect(year.options).toHaveLength(100);
    fireEvent.change(year, { target: { value: '1990' } });
    expect(onChange).toHaveBeenCalledWith({ month: 1, year: 1990 });
  });
});

describe('SegmentedControl and Tabs', () => {
  it('should press one option at a time', () => {
    function Filter() {
      const [value, setValue] = useState<'a' | 'b'>('a');
      const options = [
        { value: 'a', label: 'Realistic' },
        { value: 'b', label: 'Anime' },
      ] as const;
      return (
        <SegmentedControl<'a' | 'b'> label="Category" options={options} value={value} onChange={setValue} />
      );
    }
    render(<Filter />);
    fireEvent.click(screen.getByRole('button', { name: 'Anime' }));
    expect(screen.getByRole('button', { name: 'Anime' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Realistic' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('should move between tabs with the arrow keys and show the selected panel', () => {
    function Example() {
      const [value, setValue] = useState<'chats' | 'images'>('chats');
      return (
        <Tabs<'chats' | 'images'>
          label="Library"
          value={value}
          onChange={setValue}
          items={[
            { value: 'chats', label: 'Chats', panel: <p>chat list</p> },
            { value: 'images', label: 'Images', panel: <p>image grid</p> },
          ]}
        />
      );
    }
    render(<Example />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Chats' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Images' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('image grid');
  });
});

describe('Toast, ProgressBar, Price, TokenCost, Icon', () => {
  it('should close a toast by itself after its duration', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Toast message="Saved" tone="success" durationMs={3000} onClose={onClose} />);
    expect(screen.getByRole('status').textContent).toContain('Saved');
    act(() => vi.advanceTimersByTime(3000));
    expect(onClose).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });

  it('should clamp progress and expose it', () => {
    render(<ProgressBar label="Step" value={7} max={5} />);
    expect(screen.getByRole('progressbar', { name: 'Step' }).getAttribute('aria-valuenow')).toBe('5');
  });

  it('should show cents as dollars with two decimals and a token cost with its name', () => {
    expect(formatPrice(1999)).toBe('$19.99');
    expect(formatPrice(500)).toBe('$5.00');
    render(
      <>
        <Price cents={1999} previousCents={3999} />
        <TokenCost amount={10} />
        <Icon name="lock" />
      </>,
    );
    expect(screen.getByText('$39.99').tagName).toBe('S');
    expect(screen.getByText('10 tokens')).toBeTruthy();
  });

  it('should draw a glyph by itself exactly as the icon of the same name', () => {
    const { container } = render(
      <>
        <Icon name="lock" size={16} strokeWidth={2} />
        <Glyph glyph={LOCK_GLYPH} size={16} strokeWidth={2} />
      </>,
    );
    const [icon, glyph] = container.querySelectorAll('svg');
    expect(glyph?.outerHTML).toBe(icon?.outerHTML);
    expect(glyph?.querySelectorAll('rect, path')).toHaveLength(2);
  });

  it('should report no match without matchMedia', () => {
    function Probe() {
      return <p>{useMediaQuery('(max-width: 1199px)') ? 'tablet' : 'desktop'}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('desktop')).toBeTruthy();
  });
});
