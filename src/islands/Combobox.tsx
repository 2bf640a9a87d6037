import { ui } from "../content/ui";
import { fill } from "../lib/template";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Icon } from "../components/Icon";

export interface Option {
  /** Unique key. */
  id: string;
  label: string;
  /** Second line, e.g. the category a course belongs to. */
  detail?: string;
}

interface Props {
  /** Prefix of the element ids; explicit because useId differs between page and island trees. */
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Options for the current value; null when the menu should stay closed (blank text). */
  options: Option[] | null;
  onChoose: (option: Option) => void;
  emptyMessage: string;
}

/** Search box with a suggestion list: the WAI-ARIA combobox pattern with list autocomplete. */
export function Combobox(props: Props) {
  const { id, label, placeholder, value, onValueChange, options, onChoose, emptyMessage } = props;
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const open = options !== null && !dismissed;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const change = (text: string) => {
    onValueChange(text);
    setActive(-1);
    setDismissed(false);
  };

  // Text typed before hydration (a fast scroller on a slow phone) is in the box but not in
  // React's state, and React 19 does not report it: take it up once, so its suggestions show.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = input.current?.value ?? "";
    if (typed !== value) change(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for what hydration found
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options?.length ?? 0;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!count) return;
      event.preventDefault();
      setDismissed(false);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + count + (i < 0 && step < 0 ? 1 : 0)) % count);
    } else if (event.key === "Enter" && open && options && active >= 0) {
      event.preventDefault();
      onChoose(options[active]);
      setActive(-1);
    } else if (event.key === "Escape") {
      if (open) setDismissed(true);
      else change("");
      setActive(-1);
    }
  };

  return (
    <div className="combobox">
      <label className="combobox-label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <div className="combobox-field">
        <Icon name="search" className="combobox-icon" />
        <input
          ref={input}
          id={`${id}-input`}
          type="text"
          enterKeyHint="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open && !!options?.length}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          placeholder={placeholder}
          value={value}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {value && (
          <button type="button" className="combobox-clear" onClick={() => change("")}>
            <span className="visually-hidden">{ui.search.clear}</span>
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      <ul
        className="combobox-list"
        id={listId}
        role="listbox"
        aria-label={fill(ui.search.suggestions, { label })}
        hidden={!open || !options?.length}
      >
        {open &&
          options?.map((option, i) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- APG combobox: the keys act on the input (aria-activedescendant), the click is the pointer's way
            <li
              key={option.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={i === active ? "combobox-option is-active" : "combobox-option"}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onChoose(option)}
            >
              <span className="combobox-option-label">{option.label}</span>
              {option.detail && <span className="combobox-option-detail">{option.detail}</span>}
            </li>
          ))}
      </ul>
      <p className="combobox-status" role="status">
        {open && options?.length === 0 ? emptyMessage : ""}
      </p>
    </div>
  );
}
