import type { ReactNode } from 'react';
import { SelectField, TextAreaField } from '#src/components/form/fields.tsx';
import { EDUCATION_LABELS } from '#src/lib/enum-labels/talent-labels.ts';
import { m } from '#src/paraglide/messages.js';
import { EDUCATION_LEVELS } from '#src/shared/enums.ts';

// The fields both add-talent forms (drop-resume, profile completion) ask alike.

/** A form field bound to one text value of the form's state. */
type ValueField = { id: string; value: string; onChange: (value: string) => void; error?: string; disabled?: boolean };

/** The talent's highest education level; `chooseFirst` starts the list with an empty "choose" option. */
export function EducationField({
  chooseFirst = false,
  onChange,
  ...field
}: ValueField & { chooseFirst?: boolean; hint?: ReactNode }) {
  return (
    <SelectField label={m.add_talent_education()} onChange={(event) => onChange(event.currentTarget.value)} {...field}>
      {chooseFirst && <option value="">{m.add_talent_choose()}</option>}
      {EDUCATION_LEVELS.map((level) => (
        <option key={level} value={level}>
          {EDUCATION_LABELS[level]()}
        </option>
      ))}
    </SelectField>
  );
}

/** The recruiter's own note about the talent (optional). */
export function RecruiterNoteField({ onChange, ...field }: ValueField) {
  return (
    <TextAreaField
      label={`${m.add_talent_note()} ${m.add_talent_optional()}`}
      hint={m.add_talent_note_hint()}
      rows={3}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...field}
    />
  );
}
