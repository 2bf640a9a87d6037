import { test } from "node:test";
import assert from "node:assert/strict";
import { matchCourses, matchProgrammes, HOME_SUGGESTION_LIMIT } from "../../src/lib/search";
import { initials } from "../../src/lib/initials";
import { nextHeaderState } from "../../src/lib/headerScroll";
import { wrapIndex } from "../../src/lib/carousel";
import { anchorScrollTop } from "../../src/lib/anchorScroll";
import { courseCards } from "../../src/content/home";

const card = (title: string, summary = "") => ({ title, summary });

test("course search: blank or spaces means no menu", () => {
  assert.equal(matchCourses(courseCards, ""), null);
  assert.equal(matchCourses(courseCards, "   "), null);
});

test("course search: trimmed, case-insensitive, title or summary", () => {
  const cards = [card("PhD Degrees", "Doctoral research"), card("Masters", "Taught and RESEARCH")];
  assert.deepEqual(
    matchCourses(cards, "  phd ")?.map((c) => c.title),
    ["PhD Degrees"],
  );
  assert.deepEqual(
    matchCourses(cards, "research")?.map((c) => c.title),
    ["PhD Degrees", "Masters"],
  );
  assert.deepEqual(matchCourses(cards, "zzz"), []);
});

test("course search: at most six suggestions", () => {
  const many = Array.from({ length: 9 }, (_, i) => card(`Course ${i}`));
  assert.equal(HOME_SUGGESTION_LIMIT, 6);
  assert.equal(matchCourses(many, "course")?.length, 6);
});

test("programme search: contains on titles only, null when blank", () => {
  const titles = ["MSc Data Science", "MBA", "LLM International Law"];
  assert.equal(matchProgrammes(titles, " "), null);
  assert.deepEqual(matchProgrammes(titles, "m"), titles);
  assert.deepEqual(matchProgrammes(titles, "DATA"), ["MSc Data Science"]);
  assert.deepEqual(matchProgrammes(titles, "nothing"), []);
});

test("initials: at most two letters, upper case", () => {
  assert.equal(initials("mei lin tan"), "MT");
  assert.equal(initials("Amara Okafor"), "AO");
  assert.equal(initials("  Cher "), "C");
  assert.equal(initials(""), "");
});

test("header: stays visible until 120 px, hides after more than 6 px down, shows on any up", () => {
  let s = { hidden: false, anchorY: 0 };
  s = nextHeaderState(s, 110, false);
  assert.equal(s.hidden, false, "within 120 px");
  s = nextHeaderState(s, 125, false);
  assert.equal(s.hidden, true, "15 px down past 120");
  s = nextHeaderState(s, 124, false);
  assert.equal(s.hidden, false, "1 px up");
  s = nextHeaderState(s, 128, false);
  assert.equal(s.hidden, false, "4 px down is not enough");
  s = nextHeaderState(s, 131, false);
  assert.equal(s.hidden, true, "7 px down in total");
  s = nextHeaderState(s, 500, true);
  assert.equal(s.hidden, false, "never hidden while the menu is open");
  s = nextHeaderState({ hidden: true, anchorY: 400 }, 100, false);
  assert.equal(s.hidden, false, "back near the top");
});

test("carousel index loops both ways", () => {
  assert.equal(wrapIndex(4, 4), 0);
  assert.equal(wrapIndex(-1, 4), 3);
  assert.equal(wrapIndex(2, 3), 2);
});

test("anchor offset: header height + 16 px, never negative", () => {
  assert.equal(anchorScrollTop(500, 1000, 84), 1400);
  assert.equal(anchorScrollTop(20, 0, 84), 0);
});
