import { test, mock, beforeEach, afterEach } from "node:test";
import assert from "node:assert/strict";
import { installDom, captureErrors } from "./dom";

const window = installDom();
// Loaded after the DOM and NODE_ENV are in place, so React picks its development build.
const { act, createElement } = await import("react");
const { hydrateRoot } = await import("react-dom/client");
const { renderToString } = await import("react-dom/server");
const { ProgrammeSearch, HIGHLIGHT_MS } = await import("../../src/islands/ProgrammeSearch");
const { Testimonials } = await import("../../src/islands/Testimonials");
const { CourseSearch } = await import("../../src/islands/CourseSearch");
const { testimonials } = await import("../../src/content/testimonials");
const { categories } = await import("../../src/content/programmes");

let consoleErrors: ReturnType<typeof captureErrors>;
beforeEach(() => {
  mock.timers.enable({ apis: ["setTimeout"] });
  consoleErrors = captureErrors();
});
afterEach(() => {
  mock.timers.reset();
  consoleErrors.restore();
  document.body.innerHTML = "";
});

/** Server-render, then hydrate in the DOM as the browser would; fails on any mismatch. */
async function hydrate<P extends object>(
  Component: (p: P) => React.ReactNode,
  props: P,
  /** What the visitor did to the server's HTML before the island's code arrived. */
  before?: (root: HTMLElement) => void,
) {
  const root = document.createElement("div");
  root.innerHTML = renderToString(createElement(Component, props));
  document.body.appendChild(root);
  before?.(root);
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(root, createElement(Component, props), {
      onRecoverableError: (e) => recoverable.push(e),
    });
  });
  assert.deepEqual(recoverable, [], "no hydration mismatch");
  assert.deepEqual(consoleErrors.errors, [], "no React warnings");
  return root;
}

const tick = async (ms: number) => act(async () => mock.timers.tick(ms));
const click = async (el: Element | null) => {
  assert.ok(el);
  await act(async () => (el as unknown as HTMLElement).click());
};
const type = async (input: Element | null, text: string) => {
  assert.ok(input);
  const el = input as unknown as HTMLInputElement;
  // React tracks the value property; the prototype's setter changes it the way typing does.
  const { set: setValue } = Object.getOwnPropertyDescriptor(
    window.HTMLInputElement.prototype,
    "value",
  ) as { set?: (this: HTMLInputElement, value: string) => void };
  await act(async () => {
    setValue?.call(el, text);
    el.dispatchEvent(new window.Event("input", { bubbles: true }) as unknown as Event);
  });
};
const key = async (el: Element | null, k: string) => {
  await act(async () => {
    el?.dispatchEvent(
      new window.KeyboardEvent("keydown", { key: k, bubbles: true }) as unknown as Event,
    );
  });
};

test("programme search: matches, empty message, highlight for 1.6 s", async () => {
  const category = categories[1];
  const props = {
    category: category.name,
    groups: category.groups,
    emptyMessage: "No programmes match your search at the moment.",
  };
  const root = await hydrate(ProgrammeSearch, props);
  const input = root.querySelector("input");
  const first = category.groups[0].programs[0];
  await type(input, first.slice(0, 8).toUpperCase());
  const options = [...root.querySelectorAll('[role="option"]')].map((o) => o.textContent);
  assert.ok(options.includes(first));
  assert.equal(input?.getAttribute("aria-expanded"), "true");
  await type(input, "zzzz");
  assert.equal(
    root.querySelector('[role="status"]')?.textContent,
    "No programmes match your search at the moment.",
  );
  await type(input, first);
  const scrolled = mock.fn();
  window.scrollTo = scrolled;
  await key(input, "ArrowDown");
  await key(input, "Enter");
  assert.equal(input.value, "", "choosing clears the text");
  const item = root.querySelector(".programme.is-highlighted");
  assert.equal(item?.textContent, first);
  assert.equal(scrolled.mock.callCount(), 1);
  assert.equal((scrolled.mock.calls[0].arguments[0] as ScrollToOptions).behavior, "smooth");
  await tick(HIGHLIGHT_MS - 1);
  assert.ok(root.querySelector(".programme.is-highlighted"));
  await tick(1);
  assert.equal(root.querySelector(".programme.is-highlighted"), null);
});

test("programme search: a back/forward cache restore resets text and highlight", async () => {
  const category = categories[0];
  const root = await hydrate(ProgrammeSearch, {
    category: category.name,
    groups: category.groups,
    emptyMessage: "x",
  });
  const input = root.querySelector("input") as unknown as HTMLInputElement;
  await type(input, "business");
  await act(async () => {
    // happy-dom's PageTransitionEvent ignores `persisted`; set it as a restored page has it.
    const event = new window.Event("pageshow");
    Object.defineProperty(event, "persisted", { value: true });
    window.dispatchEvent(event);
  });
  assert.equal(input.value, "");
});

test("testimonials: starts on the first; next, previous, indicators and chips select", async () => {
  const root = await hydrate(Testimonials, { testimonials });
  const current = () =>
    [...root.querySelectorAll(".testimonial")].findIndex((s) => s.classList.contains("is-current"));
  assert.equal(current(), 0);
  const [prev, next] = [...root.querySelectorAll(".testimonial-controls > button")];
  await click(next);
  assert.equal(current(), 1);
  await click(prev);
  await click(prev);
  assert.equal(current(), 2, "previous wraps to the last");
  await click(root.querySelectorAll(".testimonial-dots .dot")[0]);
  assert.equal(current(), 0);
  await click(root.querySelectorAll(".spotlight-chip")[1]);
  assert.equal(current(), 1);
  assert.equal(root.querySelectorAll(".spotlight-chip")[1].getAttribute("aria-current"), "true");
});

const courses = [
  {
    title: "PhD Degrees",
    summary: "Doctoral research",
    href: "/postgraduate-programmes",
    category: "Postgraduate",
  },
  {
    title: "Foundation Courses",
    summary: "A year to prepare",
    href: "/foundation-programmes",
    category: "Foundation",
  },
];

test("course search: six at most, keyboard choice goes to the card's own category", async () => {
  const root = await hydrate(CourseSearch, {
    courses,
    emptyMessage: "No programmes match your search. Please try different keywords.",
  });
  const assign = mock.fn();
  Object.defineProperty(window.location, "assign", { value: assign, configurable: true });
  const input = root.querySelector("input");
  await type(input, "   ");
  assert.equal(
    root.querySelector('[role="listbox"]')?.hasAttribute("hidden"),
    true,
    "blank shows nothing",
  );
  await type(input, "nothing here");
  assert.equal(
    root.querySelector('[role="status"]')?.textContent,
    "No programmes match your search. Please try different keywords.",
  );
  await type(input, "RESEARCH");
  await key(input, "ArrowDown");
  assert.equal(
    input?.getAttribute("aria-activedescendant"),
    root.querySelector('[role="option"]')?.id,
  );
  await key(input, "Enter");
  assert.deepEqual(assign.mock.calls[0].arguments, ["/postgraduate-programmes"]);
  assert.equal((input as unknown as HTMLInputElement).value, "");
  await type(input, "x");
  await click(root.querySelector(".combobox-clear"));
  assert.equal((input as unknown as HTMLInputElement).value, "", "clear button empties the box");
});

test("course search: what was typed before it hydrated shows its suggestions", async () => {
  const root = await hydrate(CourseSearch, { courses, emptyMessage: "None." }, (page) => {
    page.querySelector("input")!.value = "phd";
  });
  assert.equal(root.querySelector("input")?.value, "phd");
  assert.equal(root.querySelector('[role="listbox"]')?.hasAttribute("hidden"), false);
  assert.deepEqual(
    [...root.querySelectorAll('[role="option"] .combobox-option-label')].map((o) => o.textContent),
    ["PhD Degrees"],
  );
});
