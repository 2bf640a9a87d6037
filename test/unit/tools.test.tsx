import { test, beforeEach, afterEach } from "node:test";
import assert from "node:assert/strict";
import { installDom, captureErrors } from "./dom";

const window = installDom();
// Loaded after the DOM and NODE_ENV are in place, so React picks its development build.
const { act, createElement } = await import("react");
const { hydrateRoot } = await import("react-dom/client");
const { renderToString } = await import("react-dom/server");
const { RouteFinder } = await import("../../src/islands/RouteFinder");
const { CostPlanner } = await import("../../src/islands/CostPlanner");
const { routeModel } = await import("../../src/components/tools/routeModel");
const { costModel } = await import("../../src/components/tools/costModel");
const { planCost } = await import("../../src/lib/costOfStudy");
const { formatPoundRange, formatPounds } = await import("../../src/lib/money");
const { routes } = await import("../../src/routes");
const { renderRoute } = await import("../../src/build/render");
const { prefillForms } = await import("../../src/client/forms/prefill");
const { saveDraft } = await import("../../src/client/draft");

let consoleErrors: ReturnType<typeof captureErrors>;
beforeEach(() => {
  consoleErrors = captureErrors();
  window.history.replaceState(null, "", "/");
});
afterEach(() => {
  consoleErrors.restore();
  document.body.innerHTML = "";
  window.localStorage.clear();
});

function page(path: string) {
  const route = routes.find((r) => r.path === path);
  assert.ok(route, path);
  const { html, islands } = renderRoute(
    route,
    { css: "/assets/main.css", font: "/assets/f.woff2", worldMap: "/assets/map.svg", flags: {} },
    "/assets/og.png",
  );
  const doc = new window.DOMParser().parseFromString(html, "text/html");
  const all = (selector: string) => [...doc.querySelectorAll(selector)];
  const text = (selector: string) => doc.querySelector(selector)?.textContent?.trim() ?? "";
  return { html, doc, all, text, islands };
}

/** Server-render, optionally touch the HTML as a visitor would, then hydrate; no mismatch. */
async function hydrate<P extends object>(
  Component: (p: P) => React.ReactNode,
  props: P,
  beforeHydrating?: (root: HTMLElement) => void,
) {
  const root = document.createElement("div");
  root.innerHTML = renderToString(createElement(Component, props));
  document.body.appendChild(root);
  // happy-dom 21 ignores <option selected> when parsing (select.value is "2" for a selected "12");
  // a browser honours it, so put the selection where the server's HTML says.
  for (const option of root.querySelectorAll("option[selected]"))
    (option.parentElement as unknown as HTMLSelectElement).value =
      option.getAttribute("value") ?? "";
  beforeHydrating?.(root);
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(root, createElement(Component, props), {
      onRecoverableError: (e) => recoverable.push(e),
    });
  });
  assert.deepEqual(recoverable, [], "no hydration mismatch");
  assert.deepEqual(consoleErrors.errors, [], "no React warnings");
  return root as unknown as HTMLElement;
}

const radio = (root: HTMLElement, name: string, value: string) => {
  const el = root.querySelector<HTMLInputElement>(`input[name="${name}"][value="${value}"]`);
  assert.ok(el, `${name}=${value}`);
  return el;
};
const click = async (el: HTMLElement) => act(async () => el.click());

test("/find-your-route: questions as fieldsets, the decision table and every route without JavaScript", () => {
  const { all, text, islands, doc } = page("/find-your-route");
  assert.deepEqual(islands, ["RouteFinder"]);
  assert.equal(text("h1"), routeModel.copy.title);
  const legends = all(".tool-form fieldset > legend").map((l) => l.textContent);
  assert.deepEqual(
    legends,
    routeModel.questions.map((q) => q.legend),
  );
  for (const input of all('.tool-form input[type="radio"]'))
    assert.ok(doc.querySelector(`label[for="${input.id}"]`), `label for ${input.id}`);
  assert.equal(all('.tool-form input[type="radio"]:checked').length, 0, "nothing pre-chosen");
  assert.equal(text('[aria-live="polite"]'), routeModel.copy.pending);
  assert.ok(doc.querySelector("noscript"), "a note for visitors without JavaScript");
  assert.equal(all(".decision-table tbody tr").length, routeModel.rules.length);
  assert.equal(all("#routes .route-card").length, routeModel.routes.length);
  const taught = new URL(
    doc.querySelector("#route-taught-masters a.button")?.getAttribute("href") ?? "",
    "http://x",
  );
  assert.equal(taught.searchParams.get("interest"), "Taught Masters");
  assert.match(taught.searchParams.get("message") ?? "", /Taught master's/);
});

test("/cost-of-study: the default plan, every figure with its source and date, a worked example", () => {
  const { all, text, islands, html } = page("/cost-of-study");
  assert.deepEqual(islands, ["CostPlanner"]);
  assert.equal(text("h1"), costModel.copy.title);
  assert.equal(all(".tool-form fieldset").length, 4);
  assert.ok(all("#planner-months option").length === costModel.maxMonths);
  const { defaults, figures } = costModel;
  const plan = planCost(defaults, figures);
  assert.equal(text("#planner .plan-table tfoot .pounds"), formatPoundRange(plan.total));
  // Official figures and their dates.
  for (const amount of ["£524", "£776", "£1,483", "£1,136"])
    assert.ok(text("#figures table").includes(amount), amount);
  assert.match(
    text("#figures"),
    /GOV\.UK: Student visa: money you need, in force since January 2025/,
  );
  assert.match(text("#figures"), /GOV\.UK: Student visa, in force since April 2025/);
  assert.match(text("#figures"), /immigration application, recorded on 23 November 2026/);
  assert.match(text("#figures"), /advisers' estimate, estimate set on 23 November 2026/);
  // The worked example: 9 months in London.
  assert.match(text("#worked-example .funds"), /£1,483 a month for 9 months/);
  assert.ok(text("#worked-example .funds").includes(formatPounds(13347)));
  assert.ok(html.includes("https://www.gov.uk/healthcare-immigration-application"));
});

test("route finder: answers give the route, announce it, and go into the URL", async () => {
  const root = await hydrate(RouteFinder, { model: routeModel });
  const live = root.querySelector('[aria-live="polite"]');
  await click(radio(root, "goal", "masters"));
  await click(radio(root, "qualification", "bachelors"));
  assert.equal(live?.textContent, routeModel.copy.pending, "English not answered yet");
  await click(radio(root, "english", "6.0"));
  await click(radio(root, "start", "may"));
  assert.equal(live?.textContent, "Suggested for you: Taught master's or Pre-masters.");
  const cards = [...root.querySelectorAll(".route-card")];
  assert.deepEqual(
    cards.map((c) => c.querySelector("h3")?.textContent),
    ["Taught master's", "Pre-masters"],
  );
  assert.match(cards[0].textContent ?? "", /Next intake:\s*September/);
  assert.match(cards[1].textContent ?? "", /Next intake:\s*May/);
  const enquiry = new URL(
    cards[0].querySelector("a.button")?.getAttribute("href") ?? "",
    "http://x",
  );
  assert.equal(enquiry.searchParams.get("interest"), "Taught Masters");
  assert.match(enquiry.searchParams.get("message") ?? "", /English \(IELTS\): 6\.0/);
  assert.equal(
    window.location.search,
    "?goal=masters&qualification=bachelors&english=6.0&start=may",
  );
});

test("route finder: a shared link restores the answers; nonsense in it is ignored", async () => {
  window.history.replaceState(
    null,
    "",
    "/find-your-route?goal=research&qualification=masters&english=9&x=1",
  );
  const root = await hydrate(RouteFinder, { model: routeModel });
  assert.ok(radio(root, "goal", "research").checked);
  assert.equal(root.querySelector<HTMLInputElement>('input[name="english"]:checked'), null);
  assert.equal(root.querySelector(".route-card h3")?.textContent, "PhD");
});

test("route finder: a choice made before the island ran is kept", async () => {
  const root = await hydrate(RouteFinder, { model: routeModel }, (html) => {
    radio(html, "goal", "short-course").checked = true;
  });
  assert.equal(root.querySelector(".route-card h3")?.textContent, "Short course");
  assert.equal(window.location.search, "?goal=short-course");
});

test("cost planner: a new route takes its usual length; the plan and the URL follow", async () => {
  const root = await hydrate(CostPlanner, { model: costModel });
  const live = root.querySelector('[aria-live="polite"]');
  const before = live?.textContent;
  await click(radio(root, "route", "foundation"));
  const months = root.querySelector<HTMLSelectElement>("#planner-months");
  assert.equal(months?.value, "9");
  await click(radio(root, "place", "elsewhere"));
  await click(radio(root, "currency", "INR"));
  assert.notEqual(live?.textContent, before);
  const plan = planCost(
    { route: "foundation", place: "elsewhere", home: "shared", months: 9 },
    costModel.figures,
  );
  assert.equal(
    root.querySelector(".plan-table tfoot .pounds")?.textContent,
    formatPoundRange(plan.total),
  );
  assert.match(root.querySelector(".plan-table thead")?.textContent ?? "", /INR/);
  assert.equal(
    window.location.search,
    "?route=foundation&place=elsewhere&home=shared&months=9&currency=INR",
  );
  assert.doesNotMatch(root.textContent ?? "", /short course needs a Student visa/);
  await click(radio(root, "route", "short-course"));
  assert.match(root.textContent ?? "", /short course needs a Student visa/);
});

test("cost planner: a shared link restores months and route; out-of-range months are ignored", async () => {
  window.history.replaceState(null, "", "/cost-of-study?route=phd&months=40&home=studio");
  const root = await hydrate(CostPlanner, { model: costModel });
  assert.ok(radio(root, "route", "phd").checked);
  assert.ok(radio(root, "home", "studio").checked);
  assert.equal(root.querySelector<HTMLSelectElement>("#planner-months")?.value, "40");
  window.history.replaceState(null, "", "/cost-of-study?months=400");
  const again = await hydrate(CostPlanner, { model: costModel });
  assert.equal(
    again.querySelector<HTMLSelectElement>("#planner-months")?.value,
    String(costModel.defaults.months),
  );
});

function contactForm() {
  const { doc } = page("/contact");
  document.body.innerHTML = doc.body.innerHTML;
  const form = document.getElementById("contact-form") as unknown as HTMLFormElement;
  return {
    form,
    interest: form.querySelector("select[name=interest]") as HTMLSelectElement,
    message: form.querySelector("textarea[name=message]") as HTMLTextAreaElement,
  };
}

test("contact form pre-fill: interest chosen and message started from the address", () => {
  const { interest, message } = contactForm();
  prefillForms("?interest=Taught+Masters&message=Hello%2C+I+used+the+route+finder.");
  assert.equal(interest.value, "Taught Masters");
  assert.equal(message.value, "Hello, I used the route finder.");
});

test("contact form pre-fill: an unknown interest is not forced in; a saved draft is never overwritten", () => {
  let form = contactForm();
  prefillForms("?interest=Astronomy&message=Hi");
  assert.equal(form.interest.value, "");
  assert.equal(form.message.value, "Hi");

  form = contactForm();
  saveDraft("contact-form", { fullName: "Ana", interest: "PhD Degrees", message: "My own words" });
  prefillForms("?interest=Taught+Masters&message=Hello");
  assert.equal(form.interest.value, "");
  assert.equal(form.message.value, "", "left for the draft to restore");
});
