import { formMessages } from "../../content/ui";
import { failureMessage, type Failure } from "./send";

interface Alternatives {
  /** Sends the form again. */
  retry: () => void;
  /** The pre-filled WhatsApp and e-mail links for what is in the form now. */
  links: () => { whatsapp: string; email: string };
}

export function hideFailure(box: HTMLElement) {
  box.replaceChildren();
  box.classList.remove("is-visible");
}

/** Say what went wrong, that nothing typed is lost, and offer retry, WhatsApp and e-mail. */
export function showFailure(box: HTMLElement, what: Failure, { retry, links }: Alternatives) {
  const lead = document.createElement("p");
  lead.className = "form-failure-title";
  lead.textContent = failureMessage(what);
  const next = document.createElement("p");
  next.textContent = formMessages.keptAfterFailure;
  const again = document.createElement("button");
  again.type = "button";
  again.className = "button button-primary";
  again.textContent = formMessages.tryAgain;
  again.addEventListener("click", retry);
  const whatsapp = document.createElement("a");
  whatsapp.className = "button button-outline";
  whatsapp.target = "_blank";
  whatsapp.rel = "noopener noreferrer";
  const newTab = document.createElement("span");
  newTab.className = "visually-hidden";
  newTab.textContent = formMessages.opensInNewTab;
  whatsapp.append(formMessages.sendOnWhatsapp, newTab);
  const email = document.createElement("a");
  email.className = "button button-outline";
  email.textContent = formMessages.sendByMail;
  // The visitor may edit the form after the failure: the links carry what is there when used.
  const refresh = () => {
    const current = links();
    whatsapp.href = current.whatsapp;
    email.href = current.email;
  };
  refresh();
  whatsapp.addEventListener("click", refresh);
  email.addEventListener("click", refresh);
  const actions = document.createElement("div");
  actions.className = "form-failure-actions";
  actions.append(again, whatsapp, email);
  box.replaceChildren(lead, next, actions);
  box.classList.add("is-visible");
}
