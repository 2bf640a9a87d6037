import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the test mail server received it, decoded. */
export interface Received {
  messageId: string;
  from: string;
  to: string[];
  /** Header name (lower case) -> decoded value. */
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  /** The iCalendar part (an invite), and its METHOD from the part's Content-Type. */
  calendar: string;
  calendarMethod: string;
  /** Date.now() when the server accepted it. */
  at: number;
}

/** What the server answers a message with: undefined accepts it, else an SMTP error reply. */
export type Policy = (message: Received) => { code: number; message: string } | undefined;

/**
 * A real SMTP server in the test process (smtp-server), keeping what it accepts. `policy` can
 * refuse messages (421, 550...), `delayMs` slows each acceptance. listen() again on the same
 * port after close() brings it back.
 */
export function testSmtp() {
  const received: Received[] = [];
  /** Messages whose sender hung up before they were answered: never accepted. */
  const abandoned: Received[] = [];
  const state = {
    policy: undefined as Policy | undefined,
    delayMs: 0,
    refused: 0,
    /** Once this many messages are accepted, the rest wait unanswered until it is raised. */
    acceptUpTo: Infinity,
    /** Messages received in full and not answered yet. */
    answering: 0,
  };
  const held: { session: string; finish: () => void; message: Received }[] = [];
  const closed = new Set<string>();
  let server: SMTPServer | undefined;
  let port = 0;
  const make = () => {
    const smtp = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      authOptional: true,
      logger: false,
      size: 1024 * 1024,
      onClose(session) {
        closed.add(session.id);
        for (const h of held.filter((h) => h.session === session.id)) {
          held.splice(held.indexOf(h), 1);
          abandoned.push(h.message);
        }
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const message = parseMessage(Buffer.concat(chunks).toString("utf8"));
          message.to = session.envelope.rcptTo.map((r) => r.address);
          message.from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
          const finish = () => {
            const refusal = state.policy?.(message);
            if (refusal) {
              state.refused += 1;
              const error = new Error(refusal.message) as Error & { responseCode: number };
              error.responseCode = refusal.code;
              return callback(error);
            }
            message.at = Date.now();
            received.push(message);
            callback(null);
          };
          state.answering += 1;
          const answer = () => {
            state.answering -= 1;
            if (closed.has(session.id)) abandoned.push(message);
            else finish();
          };
          // A sender already gone is not held (its close has passed): answer() abandons it.
          if (received.length >= state.acceptUpTo && !closed.has(session.id))
            held.push({ session: session.id, finish: answer, message });
          else if (state.delayMs) setTimeout(answer, state.delayMs);
          else answer();
        });
      },
    });
    // A client killed mid-session (the tests SIGKILL the site's server) resets its socket:
    // expected here. Anything else is a real failure.
    smtp.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET") throw error;
    });
    return smtp;
  };
  return {
    received,
    abandoned,
    state,
    /** Messages waiting for an answer (acceptUpTo reached). */
    get held() {
      return held.length;
    },
    /**
     * After the sending process is killed: wait until the mail server has seen each of its
     * connections close, so that every message it held unanswered is abandoned, not accepted
     * by a release() that comes before the close is read.
     */
    async heldAbandoned(timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      while (held.length) {
        if (Date.now() > end) throw new Error(`${held.length} messages still held`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    /** Raise acceptUpTo and answer what waits, up to it. */
    release(upTo = Infinity) {
      state.acceptUpTo = upTo;
      while (held.length && received.length < upTo) held.shift()!.finish();
    },
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    /** Listen (on the given port, the last one, or a free one). */
    async listen(on = port) {
      server = make();
      await new Promise<void>((done) => server!.listen(on, "127.0.0.1", done));
      port = (server.server.address() as AddressInfo).port;
    },
    async close() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((done) => s.close(() => done()));
    },
    /** Wait until `count` messages have arrived (or fail after timeoutMs). */
    async waitFor(count: number, timeoutMs = 30_000) {
      const end = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > end)
          throw new Error(`expected ${count} messages, received ${received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
  };
}

export type TestSmtp = ReturnType<typeof testSmtp>;

/** A free port nothing listens on (for a mail server that is down). */
export async function freePort() {
  const { createServer } = await import("node:net");
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

/** Just enough MIME to read nodemailer's messages: headers, a text part, an HTML part. */
export function parseMessage(raw: string): Received {
  const { headers, body } = splitEntity(raw);
  const parts = { text: "", html: "", calendar: "", calendarMethod: "" };
  collectParts(headers, body, parts);
  return {
    messageId: headers.get("message-id") ?? "",
    from: "",
    to: [],
    headers,
    subject: headers.get("subject") ?? "",
    text: parts.text,
    html: parts.html,
    calendar: parts.calendar,
    calendarMethod: parts.calendarMethod,
    at: 0,
  };
}

function splitEntity(raw: string) {
  const cut = raw.indexOf("\r\n\r\n");
  const head = cut < 0 ? raw : raw.slice(0, cut);
  const body = cut < 0 ? "" : raw.slice(cut + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        decodeWords(line.slice(colon + 1).trim()),
      );
  }
  return { headers, body };
}

function collectParts(
  headers: Map<string, string>,
  body: string,
  into: { text: string; html: string; calendar: string; calendarMethod: string },
) {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) break;
      const entity = splitEntity(part.replace(/^\r\n/, ""));
      collectParts(entity.headers, entity.body, into);
    }
    return;
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const decoded =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : body;
  const text = decoded.replace(/\r\n/g, "\n").replace(/\n$/, "");
  if (/^text\/html/i.test(type)) into.html = text;
  else if (/^text\/calendar/i.test(type)) {
    into.calendar = text;
    into.calendarMethod = /method=([\w-]+)/i.exec(type)?.[1] ?? "";
  } else if (/^text\/plain/i.test(type)) into.text = text;
}

function decodeQuotedPrintable(text: string) {
  const bytes = text
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeWords(value: string) {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?([^?]+)\?([QB])\?([^?]*)\?=/gi,
      (_, _charset: string, kind: string, text: string) =>
        kind.toUpperCase() === "B"
          ? Buffer.from(text, "base64").toString("utf8")
          : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}
