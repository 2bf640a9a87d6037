import { test } from "node:test";
import assert from "node:assert/strict";
import { schemaFields } from "../../src/cms/config";
import { overLimits } from "../../src/build/layoutLimits";
import { layoutLimits } from "../../src/content/schema/limits";
import { menuItemSchema } from "../../src/content/schema/navigation";
import { slideSchema } from "../../src/content/schema/home";

test("the editor refuses a label over its limit with the limit's reason, as the build does", () => {
  const label = schemaFields(menuItemSchema, "mainNav[]").find((f) => f.name === "label")!;
  const [pattern, message] = label.pattern!;
  assert.match(
    message,
    /^Up to 20 characters, not blank: the menu must fit on one line at 1100 px/,
  );
  assert.ok(new RegExp(pattern).test("Scholarship Guidance"));
  assert.ok(!new RegExp(pattern).test("Events and webinars too"));
  const build = menuItemSchema.safeParse({ label: "Events and webinars too", href: "/events" });
  assert.match(build.error!.issues[0].message, /at most 20 characters: the menu must fit/);
  const text = schemaFields(slideSchema, "slides[]").find((f) => f.name === "description")!;
  assert.match(
    text.pattern![1],
    /^Up to 180 characters, not blank: the slide shows its whole text/,
  );
});

test("a translation over a limit is named with its key and reason (a build warning)", () => {
  const slide = { id: "visa", title: "عنوان", description: "نص", cta: { label: "زر" } };
  const menu = [{ label: "الرئيسية" }, { label: "الفعاليات والندوات عبر الإنترنت" }];
  assert.deepEqual(overLimits({ menu, slides: [slide] }, layoutLimits.ar), [
    "navigation mainNav[1].label: 31 characters, at most 24: the menu must fit on one line at 1100 px, the narrowest desktop screen",
  ]);
  const long = { ...slide, description: "文".repeat(91) };
  const zh = overLimits({ menu: [{ label: "首页" }], slides: [long] }, layoutLimits.zh);
  assert.equal(zh.length, 1);
  assert.match(
    zh[0],
    /^home slides\[visa\]\.description: 91 characters, at most 90: the slide shows/,
  );
  assert.deepEqual(overLimits({ menu: [{ label: "首页" }], slides: [slide] }, layoutLimits.zh), []);
});
