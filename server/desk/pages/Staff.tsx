import { ROLES, type StaffMember } from "../staff";
import { Csrf, renderPage, When, type PageContext } from "./Layout";

export function staffPage(
  context: PageContext,
  data: { now: number; staff: StaffMember[]; done?: string; problem?: string },
) {
  return renderPage(
    "Staff",
    { ...context, current: "staff" },
    <>
      {data.done ? (
        <div className="banner" role="status">
          <p>{data.done}</p>
        </div>
      ) : null}
      {data.problem ? (
        <div className="banner banner-problem" role="alert">
          <p>{data.problem}</p>
        </div>
      ) : null}
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Staff accounts">
        <table>
          <caption>Staff accounts</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Last visit</th>
              <th scope="col">Account</th>
            </tr>
          </thead>
          <tbody>
            {data.staff.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.name}</th>
                <td>{s.email}</td>
                <td>
                  <form method="post" action={`/desk/staff/${s.id}/role`} className="inline">
                    <Csrf token={context.csrf} />
                    <label htmlFor={`role-${s.id}`} className="visually-hidden">
                      Role of {s.name}
                    </label>
                    <select id={`role-${s.id}`} name="role" defaultValue={s.role}>
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                    <button type="submit">Change role of {s.name}</button>
                  </form>
                </td>
                <td>{s.lastVisitAt ? <When at={s.lastVisitAt} now={data.now} /> : "never"}</td>
                <td>
                  <form method="post" action={`/desk/staff/${s.id}/disable`} className="inline">
                    <Csrf token={context.csrf} />
                    <input type="hidden" name="disabled" value={s.disabled ? "0" : "1"} />
                    {s.disabled ? "Disabled. " : ""}
                    <button type="submit">
                      {s.disabled ? `Enable ${s.name}` : `Disable ${s.name}`}
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="add">
        <h2 id="add">Add a member of staff</h2>
        <form method="post" action="/desk/staff" className="stack">
          <Csrf token={context.csrf} />
          <label htmlFor="new-name">Name</label>
          <input id="new-name" name="name" type="text" required maxLength={120} />
          <label htmlFor="new-email">Work e-mail address</label>
          <input id="new-email" name="email" type="email" required />
          <label htmlFor="new-role">Role</label>
          <select id="new-role" name="role" defaultValue="adviser">
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <button type="submit">Add</button>
        </form>
      </section>
    </>,
  );
}
