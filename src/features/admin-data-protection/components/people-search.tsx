import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { RowSkeletons } from '#src/components/list/row-skeletons.tsx';
import { peopleQueryOptions, searchProblem } from '#src/features/admin-data-protection/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { fieldMessage } from '#src/lib/field-errors.ts';
import { formatDate } from '#src/lib/format.ts';
import { talentContact, talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import type { PersonMatch } from '#src/shared/data-protection-types.ts';
import { formatPhone } from '#src/shared/phone.ts';

// Find a person by e-mail or phone across every recruiter; each match is one recruiter's record of them.
export function PeopleSearch({
  q,
  onSearch,
  onOpen,
}: {
  q: string;
  onSearch: (q: string) => void;
  onOpen: (talentId: number) => void;
}) {
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const query = useQuery(peopleQueryOptions(q));
  // What was searched (the address's q) and was not an e-mail or a phone: said under the field, not as
  // "no candidate has this e-mail or phone".
  const problem = q === '' ? null : searchProblem(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <div className="space-y-3">
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
        <fieldset className="fieldset min-w-0 flex-1 sm:max-w-md">
          <label className="fieldset-legend" htmlFor="data-protection-q">
            {m.data_protection_search_label()}
          </label>
          <input
            id="data-protection-q"
            type="search"
            className="input w-full"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={m.data_protection_search_placeholder()}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'data-protection-q-error' : undefined}
          />
          {problem && (
            <p id="data-protection-q-error" className="label text-error whitespace-normal">
              {fieldMessage(problem)}
            </p>
          )}
        </fieldset>
        <button type="submit" className="btn btn-primary mb-1">
          {m.data_protection_search_button()}
        </button>
      </form>
      <p className="text-sm text-base-content/70">{m.data_protection_search_hint()}</p>
      {q.length >= 3 && query.isPending && <RowSkeletons />}
      {query.isError && <FormAlert message={errorMessage(query.error)} />}
      {query.data &&
        (query.data.length === 0 ? (
          <p className="text-sm" data-testid="people-none">
            {m.data_protection_no_match()}
          </p>
        ) : (
          <ul className="divide-y divide-base-300 rounded-box border border-base-300" data-testid="people-matches">
            {query.data.map((person) => (
              <MatchRow key={person.id} person={person} onOpen={onOpen} />
            ))}
          </ul>
        ))}
    </div>
  );
}

function MatchRow({ person, onOpen }: { person: PersonMatch; onOpen: (talentId: number) => void }) {
  const name = talentDisplayName(person.fullName);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="person-match">
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium break-words">{name}</p>
        <p className="text-sm break-all text-base-content/70">
          {talentContact(person.email, formatPhone(person.phone))}
        </p>
        <p className="text-xs text-base-content/60">
          {m.data_protection_match_recruiter({ name: person.recruiter.name, email: person.recruiter.email })} ·{' '}
          {m.data_protection_match_added({ date: formatDate(person.createdAt) })}
        </p>
        <p className="text-xs text-base-content/60">
          {[
            m.data_protection_count_referrals({ count: person.counts.referrals }),
            m.data_protection_count_files({ count: person.counts.files }),
            m.data_protection_count_emails({ count: person.counts.emails }),
          ].join(' · ')}
        </p>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        onClick={() => onOpen(person.id)}
        aria-label={m.data_protection_open_named({ name })}
      >
        {m.data_protection_open()}
      </button>
    </li>
  );
}
