/**
 * Passkeys (WebAuthn) with SimpleWebAuthn's browser package, part of the desk's script
 * (client/index.ts). Without it, or without WebAuthn,
 * the passkey forms stay hidden and the e-mailed link signs in.
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new Error(typeof data.error === "string" ? data.error : "Refused");
  return data;
}

function setUp(form: HTMLFormElement, run: (csrf: string) => Promise<string>) {
  const status = form.querySelector<HTMLElement>("#passkey-status");
  const csrf = form.querySelector<HTMLInputElement>("input[name=csrf]")?.value ?? "";
  form.closest<HTMLElement>(".passkey-only")?.removeAttribute("hidden");
  form.removeAttribute("hidden");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (status) status.textContent = "Waiting for your passkey…";
    run(csrf).then(
      (to) => window.location.assign(to),
      (error: unknown) => {
        if (status)
          status.textContent = `That did not work (${error instanceof Error ? error.message : "refused"}). Try again, or use the e-mailed link.`;
      },
    );
  });
}

if (browserSupportsWebAuthn()) {
  document.documentElement.classList.add("has-passkeys");
  const signIn = document.querySelector<HTMLFormElement>("#passkey-sign-in");
  if (signIn)
    setUp(signIn, async (csrf) => {
      const next = signIn.querySelector<HTMLInputElement>("input[name=next]")?.value ?? "";
      const optionsJSON = await post("/desk/sign-in/passkey/options", { csrf });
      const response = await startAuthentication({ optionsJSON: optionsJSON as never });
      const done = await post("/desk/sign-in/passkey", { csrf, next, response });
      return String(done.to);
    });
  const add = document.querySelector<HTMLFormElement>("#passkey-add");
  if (add)
    setUp(add, async (csrf) => {
      const name = add.querySelector<HTMLInputElement>("input[name=name]")?.value ?? "";
      const optionsJSON = await post("/desk/account/passkeys/options", { csrf });
      const response = await startRegistration({ optionsJSON: optionsJSON as never });
      const done = await post("/desk/account/passkeys", { csrf, name, response });
      return String(done.to);
    });
}
