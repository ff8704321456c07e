import { type ReactNode, useState } from 'react';
import { Choice, ChoiceGroup } from '#src/components/form/fields.tsx';
import { SkillsInput } from '#src/components/form/skills-input.tsx';
import { m } from '#src/paraglide/messages.js';

// The talent form's list and yes/no fields, on the app's shared form parts (src/components/form).

type Options = ReadonlyArray<{ value: string; label: string }>;

/** What every choice group here takes: its id (also the inputs' name), legend, value and error. */
type GroupProps<Value, Next> = {
  id: string;
  legend: ReactNode;
  value: Value;
  onChange: (next: Next) => void;
  error?: string;
  disabled?: boolean;
};

/** Several choices as checkboxes (languages): big enough to tap, wrapping on a phone. */
export function CheckboxGroup({
  id,
  legend,
  options,
  value,
  onChange,
  error,
  disabled,
}: GroupProps<readonly string[], string[]> & { options: Options }) {
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
export function YesNoField({ id, legend, value, onChange, error, disabled }: GroupProps<boolean | undefined, boolean>) {
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
export function SkillsField(props: Omit<GroupProps<string[], string[]>, 'legend'>) {
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
