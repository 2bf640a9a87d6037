import { test } from "node:test";
import assert from "node:assert/strict";
import { installDom, captureErrors } from "./dom";

installDom();
const { act } = await import("react");
const { renderToString } = await import("react-dom/server");
const { hydrateIsland } = await import("../../src/client/hydrate");

function Broken(): never {
  throw new Error("boom");
}

/** An island marker as the server writes it, with the given root HTML. */
function marker(html: string, withRoot = true) {
  document.body.innerHTML =
    `<div class="island" data-island="Broken"><script type="application/json">{}</script>` +
    (withRoot ? `<div class="island-root">${html}</div>` : "") +
    `</div>`;
  return document.querySelector<HTMLElement>("[data-island]")!;
}

test("an island that throws keeps its server HTML and logs one clear error", async () => {
  const serverHtml = renderToString(<p className="server">Server text stays</p>);
  const element = marker(serverHtml);
  const errors = captureErrors();
  try {
    await act(async () => hydrateIsland(element, "Broken", Broken as never));
  } finally {
    errors.restore();
  }
  assert.equal(element.querySelector(".server")?.textContent, "Server text stays");
  const ours = errors.errors.filter((args) => String(args[0]).includes('Island "Broken" failed'));
  assert.equal(ours.length, 1);
});

test("a missing root container throws an error saying so", () => {
  const element = marker("", false);
  assert.throws(
    () => hydrateIsland(element, "Broken", Broken as never),
    /root container is missing from the page/,
  );
});
