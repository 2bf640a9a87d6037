// Site search in the browser: the header's suggestions and the search page's results as the
// reader types, from this language's index (fetched the first time a search field is used).
import { searchCopy } from "../content/search";
import { createIndex, query, type SearchData, type SearchIndex } from "../search/engine";
import type { SearchLanguage } from "../search/text";
import {
  MIN_QUERY_LENGTH,
  escapeHtml,
  resultsHtml,
  resultsStatus,
  type ResultsCopy,
} from "../lib/siteSearch";
import type { Places } from "../lib/places";
import { fill } from "../lib/template";

const language = (process.env.PAGE_LOCALE ?? "en") as SearchLanguage;
const DEBOUNCE_MS = 120;
const SUGGESTIONS = 6;

let loading: Promise<SearchIndex> | undefined;

/** This language's index, fetched and built once; a failed fetch is tried again next time. */
function loadIndex() {
  loading ??= fetch(process.env.SEARCH_INDEX ?? "")
    .then((response) => {
      if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
      return response.json() as Promise<SearchData>;
    })
    .then(({ docs, synonyms }) => {
      const started = performance.now();
      const index = createIndex(language, docs, synonyms);
      // User Timing marks, for `npm run bench:search` and a browser's performance panel.
      performance.measure("search:index", { start: started });
      return index;
    });
  loading.catch(() => (loading = undefined));
  return loading;
}

const long = (text: string) => [...text.trim()].length >= MIN_QUERY_LENGTH;

function debounced(run: () => void) {
  let timer: number | undefined;
  return () => {
    clearTimeout(timer);
    timer = window.setTimeout(run, DEBOUNCE_MS);
  };
}

/** Every search field on the page that has not started yet. */
export function startSearch() {
  for (const input of document.querySelectorAll<HTMLInputElement>("[data-search-input]")) {
    if (input.dataset.searchStarted) continue;
    input.dataset.searchStarted = "";
    const results = document.querySelector<HTMLElement>("[data-search-results]");
    if (input.getAttribute("role") === "combobox") startSuggestions(input);
    else if (results) startResults(input, results);
  }
}

/**
 * Each event's places now, from the events server the index names (once a page view); none
 * when there is no such server or it does not answer: the pages' capacities stand.
 */
let livePlaces: Promise<Record<string, Places>> | undefined;
function loadPlaces(index: SearchIndex) {
  const url = index.docs.find((d) => d.placesUrl)?.placesUrl;
  livePlaces ??= url
    ? fetch(url, { headers: { Accept: "application/json" } })
        .then((r) => (r.ok ? (r.json() as Promise<{ events?: Record<string, Places> }>) : null))
        .then((data) => data?.events ?? {})
        .catch(() => ({}))
    : Promise.resolve({});
  return livePlaces;
}

/** The search page: results under the field as the reader types, and the address follows. */
function startResults(input: HTMLInputElement, results: HTMLElement) {
  const status = document.querySelector<HTMLElement>("main [data-search-status]");
  // The words of the results, as the page carries them for our server.
  const block = document.querySelector("script[data-search-copy]")?.textContent;
  if (!block) return;
  const copy = JSON.parse(block) as ResultsCopy;
  const asked = new URLSearchParams(window.location.search).get("q") ?? "";
  if (!input.value && asked) input.value = asked;
  const show = async () => {
    const text = input.value;
    const url = new URL(window.location.href);
    if (text.trim()) url.searchParams.set("q", text.trim());
    else url.searchParams.delete("q");
    history.replaceState(history.state, "", url);
    if (!long(text)) {
      results.innerHTML = "";
      if (status) status.textContent = resultsStatus(copy, text, 0);
      return;
    }
    try {
      const index = await loadIndex();
      const places = await loadPlaces(index);
      const started = performance.now();
      const found = query(index, text);
      if (text !== input.value) return;
      results.innerHTML = resultsHtml(copy, found, places);
      if (status) status.textContent = resultsStatus(copy, text, found.length);
      performance.measure("search:query", { start: started });
    } catch {
      if (status) status.textContent = searchCopy.failed;
    }
  };
  input.addEventListener(
    "input",
    debounced(() => void show()),
  );
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !input.value) return;
    input.value = "";
    void show();
  });
  // Our server answered the query already; a copy of the site on a CDN did not.
  if (input.value && !results.childElementCount) void show();
}

/** The header's field: up to six suggestions as a listbox (the ARIA combobox pattern). */
function startSuggestions(input: HTMLInputElement) {
  const form = input.form;
  const list = document.getElementById(input.getAttribute("aria-controls") ?? "");
  const status = form?.querySelector<HTMLElement>("[data-search-status]");
  if (!form || !list) return;
  let options: { url: string; element: HTMLElement }[] = [];
  let active = -1;

  const setActive = (index: number) => {
    active = index;
    options.forEach((o, i) => {
      o.element.classList.toggle("is-active", i === index);
      o.element.setAttribute("aria-selected", String(i === index));
    });
    const current = options[index]?.element;
    if (current) {
      input.setAttribute("aria-activedescendant", current.id);
      current.scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  };
  const close = () => {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    setActive(-1);
  };
  const show = async () => {
    const text = input.value;
    if (!long(text)) {
      close();
      list.replaceChildren();
      if (status) status.textContent = resultsStatus(searchCopy, text, 0);
      return;
    }
    let found;
    try {
      found = query(await loadIndex(), text, { limit: SUGGESTIONS + 1 });
    } catch {
      if (status) status.textContent = searchCopy.failed;
      return;
    }
    if (text !== input.value) return;
    const all = `${form.action}?q=${encodeURIComponent(text.trim())}`;
    const items = [
      ...found.slice(0, SUGGESTIONS).map(({ doc, past }) => ({
        url: doc.url,
        label: doc.title,
        detail: [past ? searchCopy.past : searchCopy.kinds[doc.kind], doc.page]
          .filter(Boolean)
          .join(" · "),
      })),
      { url: all, label: fill(searchCopy.all, { query: text.trim() }), detail: "" },
    ];
    list.innerHTML = items
      .map(
        (item, i) =>
          `<li role="option" id="${list.id}-${i}" class="combobox-option" aria-selected="false">` +
          `<span class="combobox-option-label">${escapeHtml(item.label)}</span>` +
          (item.detail
            ? `<span class="combobox-option-detail">${escapeHtml(item.detail)}</span>`
            : "") +
          `</li>`,
      )
      .join("");
    options = items.map((item, i) => ({ url: item.url, element: list.children[i] as HTMLElement }));
    list.hidden = false;
    input.setAttribute("aria-expanded", "true");
    setActive(-1);
    if (status) status.textContent = resultsStatus(searchCopy, text, found.length);
  };

  input.addEventListener(
    "input",
    debounced(() => void show()),
  );
  input.addEventListener("keydown", (event) => {
    const open = !list.hidden && options.length > 0;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return void show();
      const step = event.key === "ArrowDown" ? 1 : -1;
      // Past the last option back to the field (none active), and round again.
      const next = active + step;
      setActive(next >= options.length ? -1 : next < -1 ? options.length - 1 : next);
    } else if (event.key === "Enter" && open && active >= 0) {
      event.preventDefault();
      window.location.assign(options[active].url);
    } else if (event.key === "Escape") {
      if (open) {
        // Only the list closes: a search field's own Escape would also empty it.
        event.preventDefault();
        event.stopPropagation();
        close();
      } else if (input.value) {
        event.stopPropagation();
        input.value = "";
        list.replaceChildren();
        if (status) status.textContent = "";
      }
    }
  });
  list.addEventListener("click", (event) => {
    const option = (event.target as Element).closest<HTMLElement>("[role=option]");
    const chosen = options.find((o) => o.element === option);
    if (chosen) window.location.assign(chosen.url);
  });
  // A pointer's press would take focus from the field and close the list before the click.
  list.addEventListener("mousedown", (event) => event.preventDefault());
  input.addEventListener("blur", () => close());
  input.addEventListener("focus", () => {
    if (long(input.value)) void show();
  });
  // Typed while this module loaded: answer it now.
  if (document.activeElement === input && long(input.value)) void show();
  else void loadIndex().catch(() => undefined);
}
