// A labelled search box with its Search button: typing changes the draft, Enter or the button
// submits it (the machine decides what a submit does).
import type { FormEvent } from "react";
import "./searchForm.css";

interface SearchFormProps {
  label: string;
  /** The form's own name when the page has more than one search. */
  name?: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
}

export function SearchForm({ label, name, value, placeholder, onChange, onSubmit }: SearchFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="search-form" role="search" aria-label={name} onSubmit={submit}>
      <label>
        {label}
        <input type="search" value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
      </label>
      <button type="submit" className="button button--primary">
        Search
      </button>
    </form>
  );
}
