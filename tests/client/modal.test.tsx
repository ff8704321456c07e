import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from '#src/components/modal.tsx';

// The modal over a list (a referral, a payment): Escape closes it wherever the focus is. After a decision
// is saved inside, the button that had the focus goes away and the focus falls back to the page's body;
// Escape then did nothing (seen in the money cycle's journey).
afterEach(() => cleanup());

function Dialogs({ nested }: { nested?: boolean }) {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(Boolean(nested));
  return (
    <>
      {outer && (
        <Modal labelledBy="outer-title" boxClassName="modal-box" onClose={() => setOuter(false)}>
          <h2 id="outer-title">Referral</h2>
          <button type="button">Save decision</button>
        </Modal>
      )}
      {inner && (
        <Modal labelledBy="inner-title" boxClassName="modal-box" onClose={() => setInner(false)}>
          <h2 id="inner-title">Are you sure?</h2>
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('closes on Escape pressed inside it', () => {
    render(<Dialogs />);
    const save = screen.getByRole('button', { name: 'Save decision' });
    save.focus();
    fireEvent.keyDown(save, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Referral' })).toBeNull();
  });

  it('closes on Escape when the focus has fallen back to the page', () => {
    render(<Dialogs />);
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Referral' })).toBeNull();
  });

  it('closes the one opened last first, and leaves other keys alone', () => {
    render(<Dialogs nested />);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Referral' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryAllByRole('dialog')).toHaveLength(0);
  });
});
