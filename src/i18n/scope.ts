/**
 * A language is a value: which locale's words a piece of code reads is the locale of the work it
 * is part of (rendering one page, answering one request), not of the process or thread it runs in.
 *
 * The build and the server run that work in a locale's scope (`inLocale`, src/i18n/inLocale.ts:
 * an AsyncLocalStorage, so an e-mail rendered after an `await` is still in it). Content reads its
 * locale from there: each content export is `localized` (reads go to that locale's translated
 * copy, put in place by src/i18n/apply.ts) and what code works out from content once is
 * `perLocale` (worked out once per locale). Outside any scope, and in a browser bundle, the
 * locale is the one the bundle was built for (PAGE_LOCALE, set by esbuild's `define`), else
 * English. This module imports nothing from Node: browser bundles carry it.
 */
import type { LocaleCode } from "./locales";

let scoped: () => LocaleCode | undefined = () => undefined;

/** How the current scope is read (src/i18n/inLocale.ts installs its AsyncLocalStorage here). */
export function readScopeWith(read: () => LocaleCode | undefined) {
  scoped = read;
}

/** The locale of the work under way. */
export const currentLocaleCode = (): LocaleCode =>
  scoped() ?? ((process.env.PAGE_LOCALE ?? "en") as LocaleCode);

/** Each locale's copy of a content value (keyed by the English value). */
const copies = new Map<LocaleCode, WeakMap<object, object>>();
const english = new WeakMap<object, object>();

/** The English value behind a `localized` one (the value itself when it is not). */
export const englishOf = <T>(value: T): T =>
  ((value && typeof value === "object" && english.get(value)) || value) as T;

/** Puts a locale's translated copy of a content value in place (src/i18n/apply.ts). */
export function setCopy(code: LocaleCode, value: object, copy: object) {
  let map = copies.get(code);
  if (!map) copies.set(code, (map = new WeakMap()));
  map.set(englishOf(value), copy);
}

/** Whether a locale's copies are in place. */
export const hasCopies = (code: LocaleCode) => copies.has(code);

/**
 * A view of `target()` as the object itself: property reads, keys and spreads go to it. The
 * proxy's own target stays `shape` (an object or array like it) for the language's invariants.
 */
function viewOf<T extends object>(shape: T, target: () => object): T {
  return new Proxy(shape, {
    get: (_, key): unknown => Reflect.get(target(), key),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(target(), key);
      // An array's length cannot be reported configurable; everything else of the copy is.
      return d && key !== "length" ? { ...d, configurable: true } : d;
    },
    set: (_, key, value) => Reflect.set(target(), key, value),
    deleteProperty: (_, key) => Reflect.deleteProperty(target(), key),
    defineProperty: (_, key, d) => Reflect.defineProperty(target(), key, d),
  });
}

/**
 * A content export, read in the current locale: its English (the value given) outside a
 * translated scope, else that locale's copy. Exported in place of the value by every loader.
 */
export function localized<T extends object>(value: T): T {
  const proxy = viewOf(value, () => {
    const code = currentLocaleCode();
    return (code !== "en" && copies.get(code)?.get(value)) || value;
  });
  english.set(proxy, value);
  return proxy;
}

/**
 * What code works out from content once (a route table, a menu, a page's words joined): worked
 * out on first use in each locale, in that locale's scope. `perLocaleList` for a list.
 */
export function perLocale<T extends object>(make: () => T): T {
  return viewOf({} as T, memo(make));
}
export function perLocaleList<T>(make: () => T[]): T[] {
  return viewOf([] as T[], memo(make));
}

function memo<T>(make: () => T) {
  const made = new Map<LocaleCode, T>();
  return () => {
    const code = currentLocaleCode();
    if (!made.has(code)) made.set(code, make());
    return made.get(code)!;
  };
}

/** `localized` for each object among an object's values: `export const { a, b } = localizedAll(file)`. */
export function localizedAll<T extends object>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v && typeof v === "object" ? localized(v) : v]),
  ) as T;
}
