import type { NoteFacts } from '#src/shared/ai-note-schemas.ts';
import type { NoteRequest } from './ai-engine';

// A talent's contact details never go to an outside model (issue 24 part 5, PDPA cross-border): before a
// note reaches the OpenAI-compatible engine, every e-mail address and phone number in what is sent is
// replaced by a neutral placeholder ("[email 1]", "[phone 1]"), the same one for the same value. What the
// model answers comes back with the placeholders turned into the recruiter's own text again, so the
// improved note keeps the details without the model having seen them. The built-in engine runs on this
// server and gets the note as it is. (The talent's name is not sent as a field; a recruiter's note may
// still name the person, which is the note's content and stays.)

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

// A run of digits as phones are written: "+60 12-345 6789", "012-3456789", "(03) 2345 6789", "9123 4567",
// with at most one space, dot or hyphen between digits.
const PHONE_LIKE = /(?<![\p{L}\p{N}@+])\+?(?:\(\d{1,4}\)[ .-]?)?\d(?:[ .-]?\d){6,}(?![\p{L}\p{N}@])/gu;

// Which digit runs are phones: 9 to 15 digits (a local number with its area or mobile prefix, up to E.164's
// longest), 8 after a "+", or 8 written "dddd dddd" (Singapore, Hong Kong). Dates ("2026-11-27"), salary
// ranges ("5000-6000") and amounts ("6,500") stay.
function isPhone(text: string): boolean {
  const digits = text.replace(/\D/g, '').length;
  if (digits > 15) return false;
  if (digits >= 9) return true;
  return digits === 8 && (text.startsWith('+') || /^\d{4} \d{4}$/.test(text));
}

const PLACEHOLDER = /\[(email|phone) (\d{1,3})\]/g;
/** Longest placeholder ("[phone 999]"): the stream holds back at most this much, waiting for its end. */
const PLACEHOLDER_MAX = 11;

export type Redaction = {
  request: NoteRequest;
  /** The model's text with each placeholder back as the value it stands for. */
  restore: (text: string) => string;
  /** For a stream: restores what is safe to show now; keeps back a placeholder cut between two chunks. */
  restoreStream: () => { push: (piece: string) => string; end: () => string };
};

export function redactContacts(request: NoteRequest): Redaction {
  const values = new Map<string, string>(); // value -> placeholder
  const byPlaceholder = new Map<string, string>(); // placeholder -> value
  const counts = { email: 0, phone: 0 };
  const placeholderFor = (kind: 'email' | 'phone', value: string) => {
    let placeholder = values.get(value);
    if (!placeholder) {
      counts[kind] += 1;
      placeholder = `[${kind} ${counts[kind]}]`;
      values.set(value, placeholder);
      byPlaceholder.set(placeholder, value);
    }
    return placeholder;
  };
  const redact = (text: string) =>
    text
      .replace(EMAIL, (email) => placeholderFor('email', email))
      .replace(PHONE_LIKE, (run) => (isPhone(run) ? placeholderFor('phone', run) : run));
  const redactOptional = (text: string | undefined) => (text === undefined ? undefined : redact(text));

  // The note first, so its placeholders are numbered in the order the recruiter reads them.
  const note = redact(request.note);
  const facts: NoteFacts | undefined = request.facts && {
    ...request.facts,
    location: redactOptional(request.facts.location),
    country: redactOptional(request.facts.country),
    currentPosition: redactOptional(request.facts.currentPosition),
    skills: request.facts.skills?.map(redact),
  };
  const restore = (text: string) => text.replace(PLACEHOLDER, (whole) => byPlaceholder.get(whole) ?? whole);

  return {
    request: { ...request, note, ...(facts ? { facts } : {}) },
    restore,
    restoreStream: () => {
      let held = '';
      return {
        push(piece) {
          held += piece;
          const open = held.lastIndexOf('[');
          // An unfinished placeholder at the end waits for the next chunk.
          const cut =
            open >= 0 && !held.includes(']', open) && held.length - open < PLACEHOLDER_MAX ? open : held.length;
          const ready = held.slice(0, cut);
          held = held.slice(cut);
          return restore(ready);
        },
        end() {
          const rest = restore(held);
          held = '';
          return rest;
        },
      };
    },
  };
}
