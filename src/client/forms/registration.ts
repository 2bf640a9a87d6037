import { registrationMessages } from "../../content/eventPages";
import { formMessages } from "../../content/ui";
import { isolateLtr } from "../../lib/bidi";
import { fill } from "../../lib/template";

/** The events server's answer to a registration it took. */
interface Registered {
  status?: "confirmed" | "waiting";
  /** Position on the waiting list. */
  place?: number;
}

/** The confirmation in the form's place, focused: confirmed, or where on the waiting list. */
export function showRegistered(form: HTMLFormElement, data: unknown, email: string) {
  const { status, place } = (data ?? {}) as Registered;
  const waiting = status === "waiting";
  const address = isolateLtr(email);
  const box = document.createElement("div");
  box.className = `event-registered${waiting ? " is-waiting" : ""}`;
  box.tabIndex = -1;
  const title = document.createElement("h3");
  title.textContent = waiting
    ? registrationMessages.waitingTitle
    : registrationMessages.confirmedTitle;
  const text = document.createElement("p");
  text.textContent = !waiting
    ? fill(registrationMessages.confirmed, { email: address })
    : typeof place === "number"
      ? fill(registrationMessages.waiting, { place: isolateLtr(String(place)), email: address })
      : fill(registrationMessages.waitingNoPlace, { email: address });
  box.append(title, text);
  form.before(box);
  form.hidden = true;
  box.focus();
}

/** Refused whatever the fields say (409: full, closed, cancelled, past): the server says why. */
export function showRefused(form: HTMLFormElement, status: number, data: unknown) {
  const notice = form.querySelector<HTMLElement>(".registration-notice");
  if (!notice) return;
  const message = (data as { errors?: { form?: unknown } } | null)?.errors?.form;
  notice.textContent =
    typeof message === "string" ? message : fill(formMessages.rejected, { status });
  notice.classList.add("is-visible");
}

/** Cleared as the visitor sends again. */
export function hideRefused(form: HTMLFormElement) {
  const notice = form.querySelector<HTMLElement>(".registration-notice");
  notice?.replaceChildren();
  notice?.classList.remove("is-visible");
}
