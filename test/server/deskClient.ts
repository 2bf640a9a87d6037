import assert from "node:assert/strict";
import type { TestSmtp } from "./smtp";

/** A browser as far as the desk cares: a cookie jar, forms posted with their token and Origin. */
export class DeskClient {
  readonly cookies = new Map<string, string>();
  /** The last page's form token. */
  csrf = "";

  constructor(public origin: string) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...value] = pair.split("=");
      if (attributes.some((a) => /max-age=0\b/i.test(a.trim())) || !value.join("="))
        this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join("="));
    }
  }

  async get(path: string) {
    const response = await fetch(`${this.origin}${path}`, {
      redirect: "manual",
      headers: { cookie: this.cookieHeader() },
    });
    this.keep(response);
    const text = await response.text();
    const token = /name="csrf" value="([^"]*)"/.exec(text)?.[1];
    if (token) this.csrf = token;
    return { status: response.status, headers: response.headers, text };
  }

  async post(
    path: string,
    fields: Record<string, string> = {},
    { csrf = true, origin = this.origin, json = false } = {},
  ) {
    const values = csrf ? { csrf: this.csrf, ...fields } : fields;
    const response = await fetch(`${this.origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: this.cookieHeader(),
        origin,
        "content-type": json ? "application/json" : "application/x-www-form-urlencoded",
      },
      body: json ? JSON.stringify(values) : new URLSearchParams(values).toString(),
    });
    this.keep(response);
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  /** Asks for a link, takes it from the e-mail, and signs in with it. */
  async signIn(smtp: TestSmtp, email: string) {
    await this.get("/desk/sign-in");
    const before = smtp.received.length;
    const asked = await this.post("/desk/sign-in", { email });
    assert.equal(asked.status, 303);
    const link = await linkFor(smtp, email, before);
    const opened = await this.get(link);
    assert.equal(opened.status, 200, opened.text);
    const done = await this.post("/desk/sign-in/link", {
      t: new URL(link, this.origin).searchParams.get("t")!,
    });
    assert.equal(done.status, 303, done.text);
    return link;
  }
}

/** The path of the sign-in link in the newest e-mail to `email` after the first `after`. */
export async function linkFor(smtp: TestSmtp, email: string, after: number) {
  // Other mail may come first (a student's, sent by the server meanwhile).
  const end = Date.now() + 10_000;
  const find = () => smtp.received.slice(after).find((m) => m.to.includes(email));
  while (!find() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  const message = find();
  assert.ok(message, `no e-mail to ${email}`);
  const url = /https?:\/\/\S+\/desk\/sign-in\/link\?t=[\w-]+/.exec(message.text)?.[0];
  assert.ok(url, message.text);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}
