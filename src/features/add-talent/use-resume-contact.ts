import { useCallback, useEffect, useRef, useState } from 'react';
import { isBrowserOffline } from '#src/lib/app-error.ts';
import { useOnline } from '#src/lib/use-online.ts';
import { readResumeContact } from './api';

// Issue 21, "Contact fields read from the resume": a picked resume is read in the background for the
// talent's name, e-mail and phone. Only fields the recruiter has not touched are filled, when the answer
// arrives (however late), and never while they hold what the recruiter typed. Offline, the read waits
// for the connection. The submit never waits for it.

export type ContactKey = 'fullName' | 'email' | 'phone';
const KEYS: readonly ContactKey[] = ['fullName', 'email', 'phone'];

/** What the CV says for each fillable field; null clears a field the previous CV had filled. */
export type ContactFill = {
  fullName?: string | null;
  email?: string | null;
  phone?: { countryCode: string; phone: string } | null;
};

type File = { name: string; type: string; data: Blob | ArrayBuffer };

export function useResumeContact(form: {
  /** Whether the field is empty in the form as last rendered. */
  isEmpty: (key: ContactKey) => boolean;
  /** Writes the CV's values into the form. */
  fill: (values: ContactFill) => void;
}) {
  const online = useOnline();
  // Fields that hold what the CV said and the recruiter has not edited since: they carry the note.
  const [fromCv, setFromCv] = useState<ReadonlySet<ContactKey>>(() => new Set());
  const fromCvNow = useRef(fromCv);
  // Touched in the event handler itself, so an answer arriving before the next render still sees it.
  const touched = useRef(new Set<ContactKey>());
  const formNow = useRef(form);
  formNow.current = form;
  const [waiting, setWaiting] = useState<File | null>(null);
  const latest = useRef(0);
  const inFlight = useRef<AbortController | null>(null);

  const updateFromCv = useCallback((next: ReadonlySet<ContactKey>) => {
    fromCvNow.current = next;
    setFromCv(next);
  }, []);
  const fillable = useCallback(
    (key: ContactKey) => !touched.current.has(key) && (fromCvNow.current.has(key) || formNow.current.isEmpty(key)),
    [],
  );

  const read = useCallback(
    async (file: File | null) => {
      inFlight.current?.abort();
      latest.current += 1;
      const mine = latest.current;
      setWaiting(null);
      if (!file || !KEYS.some(fillable)) return;
      if (isBrowserOffline()) {
        setWaiting(file);
        return;
      }
      const controller = new AbortController();
      inFlight.current = controller;
      let contact: Awaited<ReturnType<typeof readResumeContact>>;
      try {
        contact = await readResumeContact(file, controller.signal);
      } catch {
        // No answer because the connection went: read it once it is back. Any other failure leaves the
        // fields to the recruiter, as for a file with no text.
        if (mine === latest.current && !controller.signal.aborted && isBrowserOffline()) setWaiting(file);
        return;
      }
      if (mine !== latest.current || controller.signal.aborted) return;
      const found: ContactFill = {
        fullName: contact.fullName,
        email: contact.email,
        phone:
          contact.phone && contact.phoneCountryCode
            ? { countryCode: contact.phoneCountryCode, phone: contact.phone }
            : null,
      };
      const values: ContactFill = {};
      const next = new Set(fromCvNow.current);
      for (const key of KEYS) {
        if (!fillable(key)) continue;
        Object.assign(values, { [key]: found[key] });
        if (found[key]) next.add(key);
        else next.delete(key);
      }
      formNow.current.fill(values);
      updateFromCv(next);
    },
    [fillable, updateFromCv],
  );

  // Back online, with the form still open: the read that waited runs (filling only what is still empty).
  useEffect(() => {
    if (online && waiting) void read(waiting);
  }, [online, waiting, read]);

  // A left form takes no late answer.
  useEffect(
    () => () => {
      latest.current += 1;
      inFlight.current?.abort();
    },
    [],
  );

  /** The recruiter edited the field: it is theirs from now on, and its note goes. */
  const touch = useCallback(
    (key: ContactKey) => {
      touched.current.add(key);
      if (fromCvNow.current.has(key)) {
        const next = new Set(fromCvNow.current);
        next.delete(key);
        updateFromCv(next);
      }
    },
    [updateFromCv],
  );

  return { read, touch, fromCv: (key: ContactKey) => fromCv.has(key), waitingForOnline: waiting !== null };
}
