import { type ReactNode, useState } from 'react';
import { Choice, ChoiceGroup } from '#src/components/form/fields.tsx';
import { SkillsInput } from '#src/components/form/skills-input.tsx';
import { m } from '#src/paraglide/messages.js';

// The talent form's list and yes/no fields, on the app's shared form parts (src/components/form).

type Options = ReadonlyArray<{ value: string; label: string }>;

/** Several choices as checkboxes (languages): big enough to tap, wrapping on a phone. */
export function CheckboxGroup({
  id,
  legend,
  options,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  legend: ReactNode;
  options: Options;
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <ChoiceGroup id={id} legend={legend} error={error}>
      {options.map((option) => (
        <Choice
          key={option.value}
          type="checkbox"
          name={id}
          value={option.value}
          label={option.label}
          checked={value.includes(option.value)}
          disabled={disabled}
          onChange={(checked) =>
            onChange(checked ? [...value, option.value] : value.filter((selected) => selected !== option.value))
          }
        />
      ))}
    </ChoiceGroup>
  );
}

/** Yes / no (/ not said) as radio buttons. */
export function YesNoField({
  id,
  legend,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  legend: ReactNode;
  value: boolean | undefined;
  onChange: (next: boolean) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <ChoiceGroup id={id} legend={legend} error={error}>
      {[true, false].map((choice) => (
        <Choice
          key={String(choice)}
          type="radio"
          name={id}
          value={String(choice)}
          label={choice ? m.talent_yes() : m.talent_no()}
          checked={value === choice}
          disabled={disabled}
          onChange={() => onChange(choice)}
        />
      ))}
    </ChoiceGroup>
  );
}

/** Skills as removable chips; the text being typed is this field's own until it becomes a chip. */
export function SkillsField(props: {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  return (
    <SkillsInput
      id={props.id}
      label={m.talent_field_skills()}
      skills={props.value}
      onChange={props.onChange}
      text={text}
      onTextChange={setText}
      error={props.error}
      disabled={props.disabled}
    />
  );
}
