import { test, mock, beforeEach, afterEach } from "node:test";
import assert from "node:assert/strict";
import { renderToStaticMarkup } from "react-dom/server";
import { installDom } from "./dom";
import { HeroSlider } from "../../src/components/home/HeroSlider";
import { startHero } from "../../src/client/hero";
import { slides } from "../../src/content/home";
import { HERO_INTERVAL_MS } from "../../src/lib/carousel";

const window = installDom();

function mount() {
  document.body.innerHTML = renderToStaticMarkup(
    <HeroSlider slides={slides} intervalMs={HERO_INTERVAL_MS} />,
  );
  const root = document.querySelector<HTMLElement>("[data-hero]")!;
  startHero(root);
  const current = () =>
    [...root.querySelectorAll(".hero-slide")].findIndex((s) => s.classList.contains("is-current"));
  const play = root.querySelector<HTMLButtonElement>("[data-hero-play]")!;
  return { root, current, play, dots: [...root.querySelectorAll<HTMLButtonElement>(".hero-dot")] };
}

beforeEach(() => mock.timers.enable({ apis: ["setTimeout"] }));
afterEach(() => mock.timers.reset());

test("hero: enhanced, hidden slides inert, advances every 6000 ms and loops", () => {
  const { root, current, dots } = mount();
  assert.ok(root.classList.contains("is-enhanced"));
  assert.equal(root.querySelector(".hero-track")?.hasAttribute("tabindex"), false);
  assert.equal(root.querySelectorAll(".hero-slide[inert]").length, 3);
  mock.timers.tick(HERO_INTERVAL_MS - 1);
  assert.equal(current(), 0);
  mock.timers.tick(1);
  assert.equal(current(), 1);
  assert.equal(dots[1].getAttribute("aria-current"), "true");
  assert.equal(dots[0].hasAttribute("aria-current"), false);
  // Node's mock timers run only timers due when tick() starts: advance one interval at a time.
  for (let i = 0; i < 3; i++) mock.timers.tick(HERO_INTERVAL_MS);
  assert.equal(current(), 0, "loops back to the first");
});

test("hero: a dot jumps and restarts the interval", () => {
  const { current, dots } = mount();
  mock.timers.tick(5000);
  dots[3].click();
  assert.equal(current(), 3);
  mock.timers.tick(5000);
  assert.equal(current(), 3, "a full interval after the jump");
  mock.timers.tick(1000);
  assert.equal(current(), 0);
});

test("hero: pause control, hover and focus hold the rotation", () => {
  const { root, current, play } = mount();
  play.click();
  assert.equal(play.getAttribute("aria-label"), "Start slide rotation");
  assert.equal(root.querySelector(".hero-track")?.getAttribute("aria-live"), "polite");
  mock.timers.tick(HERO_INTERVAL_MS * 3);
  assert.equal(current(), 0);
  play.click();
  assert.equal(play.getAttribute("aria-label"), "Pause slide rotation");
  root.dispatchEvent(new window.Event("mouseenter") as unknown as Event);
  mock.timers.tick(HERO_INTERVAL_MS * 2);
  assert.equal(current(), 0, "held while hovered");
  root.dispatchEvent(new window.Event("mouseleave") as unknown as Event);
  root.querySelector<HTMLButtonElement>(".hero-dot")!.focus();
  mock.timers.tick(HERO_INTERVAL_MS * 2);
  assert.equal(current(), 0, "held while focus is inside");
});
