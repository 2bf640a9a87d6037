/**
 * Runs work in a locale's scope (src/i18n/scope.ts): what it reads of the content, directly or
 * after an `await`, is in that locale. Node only (the build and the server).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { LocaleCode } from "./locales";
import { readScopeWith } from "./scope";

const scope = new AsyncLocalStorage<LocaleCode>();
readScopeWith(() => scope.getStore());

export const inLocale = <T>(code: LocaleCode, work: () => T): T => scope.run(code, work);
