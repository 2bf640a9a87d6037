import { test } from "node:test";
import assert from "node:assert/strict";
import { checkRedirects, parseRedirects, redirectsFile } from "../../src/build/redirects";
import { locales } from "../../src/i18n/locales";
import { ContentError } from "../../src/content/contentError";

const FILE = "content/redirects.yaml";
const pages = new Set(["/", "/contact", "/guides/uk-student-visa", "/guides/scholarships"]);
const check = (yaml: string) => checkRedirects(yaml, FILE, pages, locales);

test("a redirect is written for every language, to the page in it or to the address elsewhere; 'for good' off is a 302", () => {
  const redirects = check(`redirects:
  - from: /guides/student-visa/
    to: /guides/uk-student-visa#documents
  - from: /old-partner
    to: https://www.example.ac.uk/
  - from: /spring-open-day
    to: /contact
    permanent: false
`);
  assert.deepEqual(redirectsFile(redirects).split("\n").filter(Boolean), [
    "/guides/student-visa /guides/uk-student-visa#documents 301",
    "/ar/guides/student-visa /ar/guides/uk-student-visa#documents 301",
    "/zh/guides/student-visa /zh/guides/uk-student-visa#documents 301",
    "/old-partner https://www.example.ac.uk/ 301",
    "/ar/old-partner https://www.example.ac.uk/ 301",
    "/zh/old-partner https://www.example.ac.uk/ 301",
    "/spring-open-day /contact 302",
    "/ar/spring-open-day /ar/contact 302",
    "/zh/spring-open-day /zh/contact 302",
  ]);
  // What the server reads back is what the build wrote.
  assert.deepEqual(parseRedirects(redirectsFile(redirects)), redirects);
});

test("a renamed page's old address in a language the page is not in leads to the English page", () => {
  // /guides/scholarships is in English and Arabic only, as a staff page with a stale Chinese
  // translation is: every old address still leads to a page that answers.
  const localesOf = (path: string) =>
    path === "/guides/scholarships" ? locales.filter((l) => l.code !== "zh") : locales;
  const redirects = checkRedirects(
    "redirects:\n  - from: /guides/bursaries\n    to: /guides/scholarships#uk\n",
    FILE,
    pages,
    locales,
    localesOf,
  );
  assert.deepEqual(
    redirects.map((r) => `${r.from} ${r.to}`),
    [
      "/guides/bursaries /guides/scholarships#uk",
      "/ar/guides/bursaries /ar/guides/scholarships#uk",
      "/zh/guides/bursaries /guides/scholarships#uk",
    ],
  );
});

test("a redirect to no page, to itself, into a chain, twice, or from a live page stops the build, naming file, line and field", () => {
  const problems = (yaml: string) => {
    try {
      check(yaml);
    } catch (error) {
      assert.ok(error instanceof ContentError);
      return error.message.split("\n");
    }
    assert.fail("the build should have stopped");
  };
  const lines = problems(`redirects:
  - from: /guides/visa-old
    to: /guides/visa-new
  - from: /guides/loop
    to: /guides/loop/
  - from: /guides/first
    to: /guides/visa-old
  - from: /contact
    to: /guides/scholarships
  - from: /guides/first
    to: /guides/scholarships
`);
  assert.equal(lines.length, 5, lines.join("\n"));
  assert.match(
    lines[0],
    /^content\/redirects\.yaml:3: .*redirect 1.* to: leads nowhere: the site has no page \/guides\/visa-new/,
  );
  assert.match(
    lines[1],
    /^content\/redirects\.yaml:5: .*redirect 2.* to: a loop: \/guides\/loop leads to itself/,
  );
  assert.match(
    lines[2],
    /^content\/redirects\.yaml:7: .*redirect 3.* to: a chain: \/guides\/visa-old is itself redirected \(to \/guides\/visa-new\)/,
  );
  assert.match(
    lines[3],
    /^content\/redirects\.yaml:8: .*redirect 4.* from: \/contact is a page of the site/,
  );
  assert.match(
    lines[4],
    /^content\/redirects\.yaml:10: .*redirect 5.* from: \/guides\/first is redirected already, by redirect 3/,
  );
  assert.match(
    problems("redirects:\n  - from: guides/x\n    to: /contact\n")[0],
    /from: .*starting with \//,
  );
});
