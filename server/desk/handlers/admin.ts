import type { FastifyReply, FastifyRequest } from "fastify";
import type { Desk, Handler } from "../context";
import { auditPage } from "../pages/Audit";
import { staffPage } from "../pages/Staff";
import { audit, contextFor, field, param, refuse, seeOther, sendPage } from "../respond";
import { isRole, StaffError } from "../staff";
import { AUDIT_PAGE } from "../audit";

const DONE: Record<string, string> = {
  added: "The account is added: they sign in with their e-mail address.",
  role: "The role is changed.",
  disabled: "The account is disabled and its sessions are ended.",
  enabled: "The account is enabled again.",
};

export const showStaff: Handler = (desk, request, reply) => staffList(desk, request, reply);

async function staffList(
  desk: Desk,
  request: FastifyRequest,
  reply: FastifyReply,
  problem?: string,
) {
  const staff = await desk.staff.list();
  await audit(desk, request, "staff.view");
  return sendPage(
    reply,
    problem ? 400 : 200,
    staffPage(contextFor(desk, request), {
      now: desk.clock.now(),
      staff,
      done: DONE[param(request, "done") ?? ""],
      problem,
    }),
  );
}

export const addStaff: Handler = async (desk, request, reply) => {
  const role = field(request.body, "role");
  if (!isRole(role)) return staffList(desk, request, reply, "Choose a role.");
  try {
    const member = await desk.staff.add(
      field(request.body, "email"),
      field(request.body, "name"),
      role,
    );
    await audit(desk, request, "staff.add", { kind: "staff", id: member.id }, role);
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    return staffList(desk, request, reply, error.message);
  }
  return seeOther(reply, "/desk/staff?done=added");
};

export const changeRole: Handler = async (desk, request, reply) => {
  const { id } = request.params as { id: string };
  const role = field(request.body, "role");
  const member = await desk.staff.byId(id);
  if (!member || !isRole(role))
    return refuse(desk, request, reply, 400, "No such account or role", [
      "Go back to the staff list.",
    ]);
  if (member.id === request.desk.session!.staff.id && role !== "admin")
    return staffList(
      desk,
      request,
      reply,
      "You cannot take away your own admin role: ask another admin.",
    );
  await desk.staff.setRole(id, role);
  await audit(desk, request, "staff.role", { kind: "staff", id }, role);
  return seeOther(reply, "/desk/staff?done=role");
};

export const setDisabled: Handler = async (desk, request, reply) => {
  const { id } = request.params as { id: string };
  const disabled = field(request.body, "disabled") !== "0";
  const member = await desk.staff.byId(id);
  if (!member)
    return refuse(desk, request, reply, 404, "No such account", ["Go back to the staff list."]);
  if (member.id === request.desk.session!.staff.id)
    return staffList(
      desk,
      request,
      reply,
      "You cannot disable your own account: ask another admin.",
    );
  await desk.staff.setDisabled(id, disabled);
  await audit(desk, request, disabled ? "staff.disable" : "staff.enable", { kind: "staff", id });
  return seeOther(reply, `/desk/staff?done=${disabled ? "disabled" : "enabled"}`);
};

export const showAudit: Handler = async (desk, request, reply) => {
  const filter = {
    staffId: param(request, "staff"),
    action: param(request, "action"),
    from: param(request, "from")?.match(/^\d{4}-\d\d-\d\d$/)?.[0],
    to: param(request, "to")?.match(/^\d{4}-\d\d-\d\d$/)?.[0],
    before: param(request, "before"),
  };
  const [rows, staff, actions] = await Promise.all([
    desk.audit.list(filter),
    desk.staff.list(),
    desk.audit.actions(),
  ]);
  await audit(desk, request, "audit.view");
  return sendPage(
    reply,
    200,
    auditPage(contextFor(desk, request), {
      now: desk.clock.now(),
      filter,
      rows: rows.slice(0, AUDIT_PAGE),
      more: rows.length > AUDIT_PAGE,
      staff,
      actions,
    }),
  );
};
