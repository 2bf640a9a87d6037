/** Toasts: one polite live region, created once at startup so screen readers already watch it. */
import { noticeArea } from "./notices";
import { scriptSheet } from "./afterLoad";

export type ToastTone = "success" | "info" | "error";

export interface ToastOptions {
  tone?: ToastTone;
  /** Milliseconds before it hides itself; paused while hovered or focused. */
  duration?: number;
}

export const TOAST_MS = 5000;

interface Region {
  root: HTMLElement;
  message: HTMLElement;
  close: HTMLButtonElement;
}

let region: Region | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let duration = TOAST_MS;
/** Where focus was when the toast opened: it goes back there if the toast closes under it. */
let returnFocus: HTMLElement | null = null;

export function startToasts(): Region {
  if (region) return region;
  const root = document.createElement("div");
  root.className = "toast";
  const message = document.createElement("div");
  message.className = "toast-message";
  message.setAttribute("role", "status");
  message.setAttribute("aria-live", "polite");
  message.setAttribute("aria-atomic", "true");
  const close = document.createElement("button");
  close.type = "button";
  close.className = "toast-close";
  close.setAttribute("aria-label", "Close notification");
  close.innerHTML = '<span aria-hidden="true">&times;</span>';
  close.hidden = true;
  root.append(message, close);
  noticeArea().append(root);

  close.addEventListener("click", () => hideToast());
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hideToast();
  });
  const pause = () => clearTimeout(timer);
  const resume = () => {
    if (root.classList.contains("is-open") && !root.matches(":hover, :focus-within")) schedule();
  };
  root.addEventListener("mouseenter", pause);
  root.addEventListener("focusin", pause);
  root.addEventListener("mouseleave", resume);
  root.addEventListener("focusout", () => setTimeout(resume));
  region = { root, message, close };
  return region;
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(hideToast, duration);
}

/** Show (or replace) the toast; a new node each time, so a repeated message is read again. */
export function showToast(text: string, options: ToastOptions = {}) {
  // Styled by the scripts' own sheet (or the full one): in by now (a visitor acted), else now.
  void scriptSheet();
  const { root, message, close } = startToasts();
  const active = document.activeElement;
  if (!root.contains(active)) returnFocus = active instanceof HTMLElement ? active : null;
  const line = document.createElement("p");
  line.textContent = text;
  message.replaceChildren(line);
  root.dataset.tone = options.tone ?? "success";
  root.classList.add("is-open");
  close.hidden = false;
  duration = options.duration ?? TOAST_MS;
  schedule();
}

export function hideToast() {
  if (!region) return;
  clearTimeout(timer);
  const { root, message, close } = region;
  const hadFocus = root.contains(document.activeElement);
  root.classList.remove("is-open");
  message.replaceChildren();
  close.hidden = true;
  if (hadFocus && returnFocus?.isConnected) returnFocus.focus();
}
