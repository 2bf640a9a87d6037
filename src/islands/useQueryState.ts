import { useEffect, useState, type RefObject } from "react";

export type QueryState = Record<string, string | undefined>;

/** How an island's answers map to the URL: their names, and what counts as a valid answer. */
export interface QuerySchema<S extends QueryState> {
  /** The state before any answer is read: the server's render and the first client render. */
  initial: S;
  /** Valid answers only, from raw values (a shared URL or the form may carry anything). */
  clean: (raw: Record<string, string | null>) => Partial<S>;
}

const readUrl = (keys: string[]) => {
  const params = new URLSearchParams(window.location.search);
  return Object.fromEntries(keys.map((k) => [k, params.get(k)]));
};

/** What the visitor chose in the server-rendered form before the island ran. */
const readForm = (form: HTMLFormElement | null, keys: string[]) =>
  Object.fromEntries(
    keys.map((k) => {
      const control = form?.elements.namedItem(k) as RadioNodeList | HTMLSelectElement | null;
      return [k, control?.value || null];
    }),
  );

/** The answers as a query string on the current address, keeping its path and #anchor. */
function writeUrl(state: QueryState) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(state)) if (v !== undefined) params.set(k, v);
  const query = params.toString();
  const { pathname, hash } = window.location;
  // Replace, not push: each click is not a page, so Back leaves the tool as a person expects.
  window.history.replaceState(
    window.history.state,
    "",
    `${pathname}${query ? `?${query}` : ""}${hash}`,
  );
}

/**
 * State kept in the URL's query string, so a link restores it. Starts as `schema.initial` (so
 * hydration matches the server), then takes the URL's answers and any the visitor gave the
 * server-rendered form before the island ran.
 */
export function useQueryState<S extends QueryState>(
  schema: QuerySchema<S>,
  form: RefObject<HTMLFormElement | null>,
) {
  const [state, setState] = useState<S>(schema.initial);

  useEffect(() => {
    const keys = Object.keys(schema.initial);
    const fromForm = schema.clean(readForm(form.current, keys));
    const changedInForm = Object.fromEntries(
      Object.entries(fromForm).filter(([k, v]) => v !== schema.initial[k]),
    );
    const restored = { ...schema.initial, ...schema.clean(readUrl(keys)), ...changedInForm };
    setState(restored);
    if (Object.keys(changedInForm).length) writeUrl(restored);
    const onPopState = () => setState({ ...schema.initial, ...schema.clean(readUrl(keys)) });
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [schema, form]);

  const update = (changes: Partial<S>) => {
    const next = { ...state, ...changes };
    setState(next);
    writeUrl(next);
  };
  return [state, update] as const;
}
