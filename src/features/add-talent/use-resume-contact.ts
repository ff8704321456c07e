import { useCallback, useEffect, useRef, useState } from 'react';
import { isBrowserOffline } from '#src/lib/app-error.ts';
import { useOnline } from '#src/lib/use-online.ts';
import type { ResumeReading } from '#src/shared/recruiter-types.ts';
import { readResumeContact } from './api';

// Issue 21, "Contact fields read from the resume": a picked resume is read in the background for the
// talent's name, e-mail and phone, and (issue 42.17) for the languages, education level and location the
// form also asks for. Only fields the recruiter has not touched are filled, when the answer arrives
// (however late), and never while they hold what the recruiter typed. Offline, the read waits for the
// connection. The submit never waits for it.

export type ContactKey = 'fullName' | 'email' | 'phone';
/** Every field a resume can fill on the drop form. */
export type FillKey = ContactKey | 'languages' | 'educationLevel' | 'location' | 'country';
const KEYS: readonly FillKey[] = ['fullName', 'email', 'phone', 'languages', 'educationLevel', 'location', 'country'];

/** What the CV says for each fillable field; null clears a field the previous CV had filled. */
export type ResumeFill = {
  fullName?: string | null;
  email?: string | null;
  phone?: { countryCode: string; phone: string } | null;
  languages?: string[] | null;
  educationLevel?: string | null;
  location?: string | null;
  country?: string | null;
};

type File = { name: string; type: string; data: Blob | ArrayBuffer };

const TEXT_TYPES = new Set([
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);

/**
 * Whether the server can read the file's text: PDF and Word (DOCX), as the server's reader (images and
 * old .doc files have none). Phones give some files no type: the name then decides.
 */
export function hasReadableText(file: Pick<File, 'name' | 'type'>): boolean {
  const type = file.type.toLowerCase();
  if (TEXT_TYPES.has(type)) return true;
  return (type === '' || type === 'application/octet-stream') && /\.(pdf|docx)$/i.test(file.name);
}

const NOTHING_FOUND: ResumeFill = {
  fullName: null,
  email: null,
  phone: null,
  languages: null,
  educationLevel: null,
  location: null,
  country: null,
};

function fillOf(reading: ResumeReading): ResumeFill {
  return {
    fullName: reading.fullName,
    email: reading.email,
    phone:
      reading.phone && reading.phoneCountryCode
        ? { countryCode: reading.phoneCountryCode, phone: reading.phone }
        : null,
    languages: reading.languages.length > 0 ? reading.languages : null,
    educationLevel: reading.educationLevel,
    location: reading.location,
    country: reading.country,
  };
}

export function useResumeContact(form: {
  /** Whether the field is empty in the form as last rendered. */
  isEmpty: (key: FillKey) => boolean;
  /** Writes the CV's values into the form. */
  fill: (values: ResumeFill) => void;
}) {
  const online = useOnline();
  // Fields that hold what the CV said and the recruiter has not edited since: they carry the note.
  const [fromCv, setFromCv] = useState<ReadonlySet<FillKey>>(() => new Set());
  const fromCvNow = useRef(fromCv);
  // Touched in the event handler itself, so an answer arriving before the next render still sees it.
  const touched = useRef(new Set<FillKey>());
  const formNow = useRef(form);
  formNow.current = form;
  const [waiting, setWaiting] = useState<File | null>(null);
  const latest = useRef(0);
  const inFlight = useRef<AbortController | null>(null);

  const updateFromCv = useCallback((next: ReadonlySet<FillKey>) => {
    fromCvNow.current = next;
    setFromCv(next);
  }, []);
  const fillable = useCallback(
    (key: FillKey) => !touched.current.has(key) && (fromCvNow.current.has(key) || formNow.current.isEmpty(key)),
    [],
  );

  const apply = useCallback(
    (found: ResumeFill) => {
      const values: ResumeFill = {};
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

  const read = useCallback(
    async (file: File | null) => {
      inFlight.current?.abort();
      latest.current += 1;
      const mine = latest.current;
      setWaiting(null);
      if (!file || !KEYS.some(fillable)) return;
      // A photo or an old .doc has no text to read: nothing to ask the server, online or not.
      if (!hasReadableText(file)) {
        apply(NOTHING_FOUND);
        return;
      }
      if (isBrowserOffline()) {
        setWaiting(file);
        return;
      }
      const controller = new AbortController();
      inFlight.current = controller;
      let reading: ResumeReading;
      try {
        reading = await readResumeContact(file, controller.signal);
      } catch {
        // No answer because the connection went: read it once it is back. Any other failure leaves the
        // fields to the recruiter, as for a file with no text.
        if (mine === latest.current && !controller.signal.aborted && isBrowserOffline()) setWaiting(file);
        return;
      }
      if (mine !== latest.current || controller.signal.aborted) return;
      apply(fillOf(reading));
    },
    [fillable, apply],
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
    (key: FillKey) => {
      touched.current.add(key);
      if (fromCvNow.current.has(key)) {
        const next = new Set(fromCvNow.current);
        next.delete(key);
        updateFromCv(next);
      }
    },
    [updateFromCv],
  );

  return { read, touch, fromCv: (key: FillKey) => fromCv.has(key), waitingForOnline: waiting !== null };
}
