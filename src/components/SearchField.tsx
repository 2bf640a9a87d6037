import { searchCopy } from "../content/search";
import { Icon } from "./Icon";

/**
 * A search field with its magnifier: the search page's (a plain search input), or the header's,
 * a combobox whose suggestions are the listbox `listbox` names (src/client/search.ts fills it).
 */
export function SearchField({ id, listbox }: { id: string; listbox?: string }) {
  const combobox = listbox
    ? ({
        type: "text",
        role: "combobox",
        "aria-expanded": false,
        "aria-controls": listbox,
        "aria-autocomplete": "list",
      } as const)
    : ({ type: "search" } as const);
  return (
    <div className="combobox-field">
      <Icon name="search" className="combobox-icon" />
      <input
        id={id}
        name="q"
        {...combobox}
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        placeholder={searchCopy.placeholder}
        data-search-input
      />
    </div>
  );
}
