/**
 * Everything the server says in words: the pages, messages and e-mails of one locale, each called
 * in that locale's scope (./index.ts), so the content they read is in its language.
 */
import { formWords } from "../../src/content/forms";
import type { Locale } from "../../src/i18n/locales";
import { rateLimitMessage, validateEnquiry } from "../../src/lib/enquiry";
import { fill } from "../../src/lib/template";
import { BODY_LIMIT } from "../service/body";
import { composeMail } from "../enquiries/mail";
import { fixPage, problemPage, thankYouPage } from "../enquiries/pages";
import { readPageAssets } from "../http/page";
import { bookingAnswers, bookingCopy } from "../../src/content/booking";
import { composeBookingMail } from "../booking/mail";
import { inviteFor } from "../booking/invite";
import { bookedPage, bookingFixPage, managePage, messagePage, slotPage } from "../booking/pages";
import { registrationAnswers } from "../../src/content/registration";
import { composeRegistrationMail, registrationInvite } from "../events/mail";
import { registeredPage, registrationManagePage, registrationMessagePage } from "../events/pages";
import { privacyRequestPage } from "../privacy/pages";
import { privacy } from "../../src/content/privacy";

export type Problem = keyof typeof formWords.problems;

const bookingWords = () => {
  const { taken, invalidSlot, existing, pickSlot, pickMode } = bookingCopy;
  return { ...bookingAnswers, taken, invalidSlot, existing, pickSlot, pickMode };
};
export type BookingWord = keyof ReturnType<typeof bookingWords>;
export type RegistrationWord = keyof typeof registrationAnswers;

export function createViews(dist: string, locale: Locale) {
  const assets = readPageAssets(dist, locale);
  return {
    /** A request-level problem, as the visitor reads it (JSON `errors.form`, or the page's lead). */
    problem: (name: Problem) => fill(formWords.problems[name], { kb: BODY_LIMIT / 1024 }),
    rateLimited: rateLimitMessage,
    validate: validateEnquiry,
    thankYouPage: (...args: Tail<Parameters<typeof thankYouPage>>) => thankYouPage(assets, ...args),
    fixPage: (...args: Tail<Parameters<typeof fixPage>>) => fixPage(assets, ...args),
    problemPage: (...args: Tail<Parameters<typeof problemPage>>) => problemPage(assets, ...args),
    composeMail,
    /** A booking answer's words, `{kb}` and any other placeholder filled. */
    bookingWord: (name: BookingWord, values: Record<string, string | number> = {}) =>
      fill(bookingWords()[name], { kb: BODY_LIMIT / 1024, ...values }),
    bookedPage: (...args: Tail<Parameters<typeof bookedPage>>) => bookedPage(assets, ...args),
    bookingFixPage: (...args: Tail<Parameters<typeof bookingFixPage>>) =>
      bookingFixPage(assets, ...args),
    managePage: (...args: Tail<Parameters<typeof managePage>>) => managePage(assets, ...args),
    messagePage: (...args: Tail<Parameters<typeof messagePage>>) => messagePage(assets, ...args),
    slotPage: (...args: Tail<Parameters<typeof slotPage>>) => slotPage(assets, ...args),
    composeBookingMail,
    inviteFor,
    /** An event registration answer's words, placeholders filled. */
    registrationWord: (name: RegistrationWord, values: Record<string, string | number> = {}) =>
      fill(registrationAnswers[name], { kb: BODY_LIMIT / 1024, ...values }),
    registeredPage: (...args: Tail<Parameters<typeof registeredPage>>) =>
      registeredPage(assets, ...args),
    registrationManagePage: (...args: Tail<Parameters<typeof registrationManagePage>>) =>
      registrationManagePage(assets, ...args),
    registrationMessagePage: (...args: Tail<Parameters<typeof registrationMessagePage>>) =>
      registrationMessagePage(assets, ...args),
    composeRegistrationMail,
    registrationInvite,
    privacyRequestPage: (...args: Tail<Parameters<typeof privacyRequestPage>>) =>
      privacyRequestPage(assets, ...args),
    /** The acknowledgement's line above its privacy link. */
    privacyMailLine: () => privacy.request.mailLine,
  };
}

type Tail<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

export type Views = ReturnType<typeof createViews>;
