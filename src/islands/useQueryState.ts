import { useEffect, useState, type RefObject } from "react";

export type QueryState = Record<string, string | undefined>;

/** How an island's answers map to the URL: their names, and what counts as a valid answer. */
export interface QuerySchema<S extends QueryState> {
  /** The state before any answer is read: the server's render and the first client render. */
  initial: S;
  /** Valid answers only, from raw values (a shared URL or the form may carry anything). */
  clean: (raw: Record<string, string | null>) => Partial<S>;
  /** The state after some answers change; by default, those answers replaced. */
  apply?: (state: S, changes: Partial<S>) => S;
}

const replace = <S extends QueryState>(state: S, changes: Partial<S>): S => ({
  ...state,
  ...changes,
});

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
  // Only answers the visitor gave go into the address: a plain visit keeps a plain URL.
  const [answered, setAnswered] = useState(false);

  useEffect(() => {
    const apply = schema.apply ?? replace;
    const keys = Object.keys(schema.initial);
    const fromUrl = () => apply(schema.initial, schema.clean(readUrl(keys)));
    const fromForm = schema.clean(readForm(form.current, keys));
    const changedInForm = Object.fromEntries(
      Object.entries(fromForm).filter(([k, v]) => v !== schema.initial[k]),
    ) as Partial<S>;
    setState(apply(fromUrl(), changedInForm));
    if (Object.keys(changedInForm).length) setAnswered(true);
    const onPopState = () => setState(fromUrl());
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [schema, form]);

  useEffect(() => {
    if (answered) writeUrl(state);
  }, [answered, state]);

  // From the previous state, not this render's: React may replay a change made during hydration.
  const update = (changes: Partial<S>) => {
    setState((previous) => (schema.apply ?? replace)(previous, changes));
    setAnswered(true);
  };
  return [state, update] as const;
}
