import { Csrf, renderPage, type PageContext } from "./Layout";

/** The sign-in page: an e-mailed link for anyone, a passkey where the browser has one. */
export function signInPage(context: PageContext, next: string, problem?: string) {
  return renderPage(
    "Sign in",
    context,
    <>
      {problem ? (
        <div className="banner banner-problem" role="alert">
          <p>{problem}</p>
        </div>
      ) : null}
      <section aria-labelledby="by-passkey" className="passkey-only" hidden>
        <h2 id="by-passkey">With a passkey</h2>
        <form id="passkey-sign-in" method="post" action="/desk/sign-in/passkey">
          <Csrf token={context.csrf} />
          <input type="hidden" name="next" value={next} />
          <button type="submit">Sign in with a passkey</button>
          <p className="quiet" id="passkey-status" role="status"></p>
        </form>
      </section>
      <section aria-labelledby="by-link">
        <h2 id="by-link">With a link by e-mail</h2>
        <p>
          We e-mail you a link that signs you in. It works for 15 minutes, once, and only in this
          browser.
        </p>
        <form method="post" action="/desk/sign-in">
          <Csrf token={context.csrf} />
          <input type="hidden" name="next" value={next} />
          <label htmlFor="email">Your work e-mail address</label>
          <input id="email" name="email" type="email" autoComplete="username webauthn" required />
          <button type="submit">E-mail me a sign-in link</button>
        </form>
      </section>
    </>,
  );
}

export function linkSentPage(context: PageContext) {
  return renderPage(
    "Check your e-mail",
    context,
    <>
      <p>
        If that address belongs to a desk account, a sign-in link is on its way to it. Open it in
        this browser within 15 minutes.
      </p>
      <p>
        No e-mail after a few minutes? Check the address, look in your spam folder, or{" "}
        <a href="/desk/sign-in">ask for another link</a>. An administrator can check that your
        account exists.
      </p>
    </>,
  );
}

/** The link opened: one button signs in (a mail scanner following the link signs nobody in). */
export function confirmLinkPage(context: PageContext, token: string) {
  return renderPage(
    "Sign in",
    context,
    <form method="post" action="/desk/sign-in/link">
      <Csrf token={context.csrf} />
      <input type="hidden" name="t" value={token} />
      <p>This link signs you in to the desk in this browser.</p>
      <button type="submit">Sign in</button>
    </form>,
  );
}
