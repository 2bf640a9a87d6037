#!/usr/bin/env bash
# Every check, in the order a failure is cheapest to read: format, types, lint, build, HTML, tests.
#   bash scripts/test.sh          everything (npm test; CI runs this)
#   bash scripts/test.sh quick    format, types, lint, and the unit and server tests that need
#                                 no build and no browser (npm run test:quick)
#   bash scripts/test.sh build    only the builds the tests read, the site into dist/ and the
#                                 server into dist-server/ (npm run build:test): then one file
#                                 at a time, `node --import tsx --test FILE`
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-all}
case "$mode" in all | quick | build) ;; *)
  echo "usage: bash scripts/test.sh [quick|build]" >&2
  exit 2
  ;;
esac

# The tests read this build (TEST_DIST below), served by the same server `npm start` runs, with
# its endpoints. It is built at a fixed now so which events are upcoming, and so every page the
# tests read, is the same on any day. A test that builds its own uses the same settings:
# TEST_BUILD_ENV in test/testBuild.ts.
export BUILD_NOW=2026-11-25T12:00:00Z
# The server bundled as `npm start` runs it: the tests' server processes start from it
# (TEST_SERVER_BUNDLE below) in half the processor time tsx takes to compile server/main.ts.
build() {
  ENQUIRY_ENDPOINT=/api/enquiry VITALS_ENDPOINT=/api/vitals BOOKING_ENDPOINT=/api/booking \
    EVENTS_ENDPOINT=/api/events npx tsx build.ts
  npx tsx scripts/buildServer.ts
}
if [ "$mode" = build ]; then
  build
  exit 0
fi

# The checks side by side, with the build for the whole suite: each is mostly one core's work
# (the checks and the build one after another took 90 s here; side by side 54 s, with the HTML
# check after them). Each one's output is shown whole as it ends; the suite stops if any failed.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
started=()
step() {
  local name=$1
  shift
  "$@" >"$logs/$name" 2>&1 &
  started+=("$!:$name")
}
step format npx prettier --check .
step types npx tsc --noEmit
step lint npx eslint --max-warnings 0 .
# Logical properties only (stylelint.config.js): the sheets lay out right to left as well.
step styles npx stylelint --max-warnings 0 "src/styles/**/*.css"
if [ "$mode" = all ]; then step build build; fi
failed=()
for job in "${started[@]}"; do
  name=${job#*:}
  wait "${job%%:*}" || failed+=("$name")
  echo "--- $name"
  cat "$logs/$name"
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "failed: ${failed[*]}" >&2
  exit 1
fi

# The usual report (spec on a terminal, TAP otherwise, as node chooses), then the slowest files.
reporters=(--test-reporter="$([ -t 1 ] && echo spec || echo tap)" --test-reporter-destination=stdout
  --test-reporter=./test/slowestFiles.mjs --test-reporter-destination=stdout)

if [ "$mode" = quick ]; then
  # The unit and server tests that neither build the site nor read a build (those name build.ts,
  # the browser tests' harness, the test build's settings or TEST_DIST), three at a time as below
  # (the server tests wait on mail, webhooks and processes starting): the others need a build.
  mapfile -t files < <(find test/unit test/server -name '*.test.ts' -o -name '*.test.tsx' | sort |
    xargs grep -L -E 'build\.ts|browser/harness|testBuild|TEST_DIST')
  node --import tsx --test --test-concurrency=3 --test-timeout=600000 "${reporters[@]}" "${files[@]}"
  exit 0
fi

# Every page is valid HTML: the Nu HTML Checker (npm vnu-jar) needs Java 8 or newer.
if ! command -v java >/dev/null; then
  echo "The HTML check needs Java: apt-get install default-jre-headless (CI installs it)." >&2
  exit 1
fi
# Its CSS validator predates container queries (container-type, cqi) and line-clamp, which the
# inlined critical CSS uses, so its CSS messages are left out: esbuild and postcss parse our CSS.
java -jar node_modules/vnu-jar/build/dist/vnu.jar --errors-only --format gnu --skip-non-html \
  --filterpattern 'CSS: .*' dist
# The browser tests serve this build (read only) rather than each building its own.
export TEST_DIST="$PWD/dist"
export TEST_SERVER_BUNDLE="$PWD/dist-server/main.js"
# Node 20's --test neither expands globs nor finds .ts files in a folder: list them.
mapfile -t files < <(find test -name '*.test.ts' -o -name '*.test.tsx' | sort)
if [ "${#files[@]}" -eq 0 ]; then echo "no test files found" >&2; exit 1; fi
# Three files at a time on two cores: with two, the processor sat idle while both files waited
# (on a page's network going quiet, a server starting, a mail or a webhook); with three it is
# busy throughout (1 % idle), 911 -> 810 s here. Node 20 counts a whole file against
# --test-timeout too: the longest takes about two and a half minutes here, and the page-by-page
# ones are split by language or in halves (the inline-CSS comparisons took 440 s as one file,
# past 600 s on CI, before they were made faster).
node --import tsx --test --test-concurrency=3 --test-timeout=600000 "${reporters[@]}" "${files[@]}"
