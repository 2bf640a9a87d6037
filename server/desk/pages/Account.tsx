import type { PasskeyRow } from "../passkeys";
import type { SessionRow } from "../session";
import { Csrf, renderPage, When, type PageContext } from "./Layout";

export function accountPage(
  context: PageContext,
  data: {
    now: number;
    current: string;
    sessions: SessionRow[];
    passkeys: PasskeyRow[];
    /** Every IANA zone this server knows, for the select. */
    zones: string[];
    done?: string;
  },
) {
  return renderPage(
    "Your sign-in",
    { ...context, current: "account" },
    <>
      {data.done ? (
        <div className="banner" role="status">
          <p>{data.done}</p>
        </div>
      ) : null}
      <section aria-labelledby="passkeys">
        <h2 id="passkeys">Passkeys</h2>
        <p>
          A passkey signs you in with this device's lock (fingerprint, face, PIN) instead of an
          e-mailed link.
        </p>
        {data.passkeys.length ? (
          <ul className="plain">
            {data.passkeys.map((p) => (
              <li key={p.credentialId}>
                <strong>{p.name}</strong>, added <When at={p.createdAt} now={data.now} />
                {p.lastUsedAt ? (
                  <>
                    , last used <When at={p.lastUsedAt} now={data.now} />
                  </>
                ) : null}
                <form method="post" action="/desk/account/passkeys/remove" className="inline">
                  <Csrf token={context.csrf} />
                  <input type="hidden" name="credential" value={p.credentialId} />
                  <button type="submit">Remove {p.name}</button>
                </form>
              </li>
            ))}
          </ul>
        ) : (
          <p>You have no passkey yet.</p>
        )}
        <form
          id="passkey-add"
          method="post"
          action="/desk/account/passkeys"
          className="passkey-only"
          hidden
        >
          <Csrf token={context.csrf} />
          <label htmlFor="passkey-name">Name it (which device)</label>
          <input
            id="passkey-name"
            name="name"
            type="text"
            maxLength={80}
            defaultValue="This device"
          />
          <button type="submit">Add a passkey</button>
          <p className="quiet" id="passkey-status" role="status"></p>
        </form>
        <p className="no-passkey">
          Adding a passkey needs JavaScript and a browser that supports passkeys.
        </p>
      </section>
      <section aria-labelledby="sessions">
        <h2 id="sessions">Where you are signed in</h2>
        <ul className="plain">
          {data.sessions.map((s) => (
            <li key={s.idHash}>
              <strong>{s.device}</strong>
              {s.idHash === data.current ? " (this browser)" : ""}, signed in{" "}
              <When at={s.createdAt} now={data.now} />, last seen{" "}
              <When at={s.lastSeenAt} now={data.now} />
              <form method="post" action="/desk/account/sessions/end" className="inline">
                <Csrf token={context.csrf} />
                <input type="hidden" name="session" value={s.idHash} />
                <button type="submit">
                  {s.idHash === data.current ? "Sign out here" : `End the session on ${s.device}`}
                </button>
              </form>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="zone">
        <h2 id="zone">Your time zone</h2>
        <p>
          The desk gives times in London time. Choose your own zone to see its time beside
          London&apos;s on the consultations&apos; pages.
        </p>
        <form method="post" action="/desk/account/zone" className="stack">
          <Csrf token={context.csrf} />
          <label htmlFor="zone-select">Time zone</label>
          <select id="zone-select" name="zone" defaultValue={context.staff?.timeZone}>
            {data.zones.map((z) => (
              <option key={z} value={z}>
                {z.replace(/_/g, " ")}
              </option>
            ))}
          </select>
          <button type="submit">Save the time zone</button>
        </form>
      </section>
    </>,
  );
}
