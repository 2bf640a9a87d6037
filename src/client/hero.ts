import { HERO_INTERVAL_MS, wrapIndex } from "../lib/carousel";

/**
 * The home hero carousel: loops, auto-advances every `data-hero` ms, dots jump, a pause/play
 * control, holds while hovered or focused, never rotates under prefers-reduced-motion.
 */
export function startHero(root: HTMLElement) {
  const track = root.querySelector<HTMLElement>(".hero-track");
  const slides = [...root.querySelectorAll<HTMLElement>(".hero-slide")];
  const dots = [...root.querySelectorAll<HTMLButtonElement>("[data-hero-dot]")];
  const play = root.querySelector<HTMLButtonElement>("[data-hero-play]");
  if (!track || !play || slides.length < 2) return;
  const intervalMs = Number(root.dataset.hero) || HERO_INTERVAL_MS;
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  let index = 0;
  let stopped = false;
  let held = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const rotating = () => !stopped && !reducedMotion.matches;

  function render() {
    slides.forEach((slide, i) => {
      slide.classList.toggle("is-current", i === index);
      slide.inert = i !== index;
    });
    dots.forEach((dot, i) =>
      i === index ? dot.setAttribute("aria-current", "true") : dot.removeAttribute("aria-current"),
    );
    play!.hidden = reducedMotion.matches;
    play!.setAttribute(
      "aria-label",
      (rotating() ? play!.dataset.labelPause : play!.dataset.labelStart) ?? "",
    );
    play!.classList.toggle("is-paused", !rotating());
    track!.setAttribute("aria-live", rotating() && !held ? "off" : "polite");
  }

  // One timer at a time, restarted after every change, so a jump gets a full interval.
  function schedule() {
    clearTimeout(timer);
    if (rotating() && !held) timer = setTimeout(() => show(index + 1), intervalMs);
  }

  function show(i: number) {
    index = wrapIndex(i, slides.length);
    render();
    schedule();
  }

  const hold = (value: boolean) => {
    held = value;
    render();
    schedule();
  };

  dots.forEach((dot, i) => dot.addEventListener("click", () => show(i)));
  play.addEventListener("click", () => {
    stopped = rotating();
    show(index);
  });
  root.addEventListener("mouseenter", () => hold(true));
  root.addEventListener("mouseleave", () => hold(root.contains(document.activeElement)));
  root.addEventListener("focusin", () => hold(true));
  root.addEventListener("focusout", (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) hold(root.matches(":hover"));
  });
  reducedMotion.addEventListener("change", () => show(index));

  track.removeAttribute("tabindex");
  root.classList.add("is-enhanced");
  show(0);
}
