import type { Handler } from "./context";
import * as account from "./handlers/account";
import * as admin from "./handlers/admin";
import * as consultations from "./handlers/consultations";
import * as events from "./handlers/events";
import * as leads from "./handlers/leads";
import * as privacy from "./handlers/privacy";
import * as signIn from "./handlers/signIn";
import type { StaffRole } from "./staff";

export interface DeskRoute {
  method: "GET" | "POST";
  /** Fastify's pattern, from the root (`/desk/leads/:kind/:id`). */
  path: string;
  /** Open without a session (the sign-in pages, the static files). */
  public?: boolean;
  /** Who may use it beyond being signed in (an admin may do all a manager may). */
  role?: StaffRole;
  /**
   * Asked by a page's script by itself (the live count), not by the person: it does not keep
   * the session from its idle expiry.
   */
  background?: boolean;
  /** The body is JSON (the passkeys' ceremonies); otherwise a form. */
  json?: boolean;
  /** An address of this route, for the tests that go through every one. */
  example: string;
  handler: Handler;
}

const LEAD = "/desk/leads/enquiry/00000000-0000-4000-8000-000000000000";
const BOOKING = "/desk/consultations/00000000-0000-4000-8000-000000000000";
const REGISTRATION = "/desk/events/an-event/registrations/00000000-0000-4000-8000-000000000000";
const STAFF = "/desk/staff/00000000-0000-4000-8000-000000000000";
const REQUEST = "/desk/privacy/requests/00000000-0000-4000-8000-000000000000";

/** Every desk route: the plugin registers these and no other; the access test walks them all. */
export const DESK_ROUTES: readonly DeskRoute[] = [
  {
    method: "GET",
    path: "/desk/sign-in",
    public: true,
    example: "/desk/sign-in",
    handler: signIn.showSignIn,
  },
  {
    method: "POST",
    path: "/desk/sign-in",
    public: true,
    example: "/desk/sign-in",
    handler: signIn.requestLink,
  },
  {
    method: "GET",
    path: "/desk/sign-in/sent",
    public: true,
    example: "/desk/sign-in/sent",
    handler: signIn.linkSent,
  },
  {
    method: "GET",
    path: "/desk/sign-in/link",
    public: true,
    example: "/desk/sign-in/link?t=x",
    handler: signIn.openLink,
  },
  {
    method: "POST",
    path: "/desk/sign-in/link",
    public: true,
    example: "/desk/sign-in/link",
    handler: signIn.useLink,
  },
  {
    method: "POST",
    path: "/desk/sign-in/passkey/options",
    public: true,
    json: true,
    example: "/desk/sign-in/passkey/options",
    handler: signIn.passkeyOptions,
  },
  {
    method: "POST",
    path: "/desk/sign-in/passkey",
    public: true,
    json: true,
    example: "/desk/sign-in/passkey",
    handler: signIn.passkeySignIn,
  },
  { method: "POST", path: "/desk/sign-out", example: "/desk/sign-out", handler: signIn.signOut },
  { method: "GET", path: "/desk", example: "/desk", handler: leads.showHome },
  {
    method: "GET",
    path: "/desk/inbox",
    example: "/desk/inbox?status=new",
    handler: leads.showInbox,
  },
  {
    method: "POST",
    path: "/desk/inbox",
    example: "/desk/inbox",
    handler: leads.searchInbox,
  },
  {
    method: "GET",
    path: "/desk/inbox/export",
    role: "manager",
    example: "/desk/inbox/export?status=new",
    handler: leads.exportInbox,
  },
  {
    method: "POST",
    path: "/desk/inbox/export",
    role: "manager",
    example: "/desk/inbox/export",
    handler: leads.exportSearch,
  },
  {
    method: "GET",
    path: "/desk/leads/newer",
    background: true,
    example: "/desk/leads/newer?since=2026-12-01T09:00:00.000Z",
    handler: leads.newerLeads,
  },
  { method: "GET", path: "/desk/leads/:kind/:id", example: LEAD, handler: leads.showLead },
  {
    method: "POST",
    path: "/desk/leads/:kind/:id/assign",
    example: `${LEAD}/assign`,
    handler: leads.assignLead,
  },
  {
    method: "POST",
    path: "/desk/leads/:kind/:id/status",
    example: `${LEAD}/status`,
    handler: leads.setLeadStatus,
  },
  {
    method: "POST",
    path: "/desk/leads/:kind/:id/note",
    example: `${LEAD}/note`,
    handler: leads.addLeadNote,
  },
  {
    method: "POST",
    path: "/desk/deliveries/retry",
    example: "/desk/deliveries/retry",
    handler: leads.retryDelivery,
  },
  {
    method: "GET",
    path: "/desk/consultations",
    example: "/desk/consultations?week=2026-12-07",
    handler: consultations.showConsultations,
  },
  {
    method: "GET",
    path: "/desk/consultations/:id/cancel",
    example: `${BOOKING}/cancel`,
    handler: consultations.confirmCancelBooking,
  },
  {
    method: "POST",
    path: "/desk/consultations/:id/cancel",
    example: `${BOOKING}/cancel`,
    handler: consultations.cancelBooking,
  },
  {
    method: "GET",
    path: "/desk/consultations/:id/move",
    role: "manager",
    example: `${BOOKING}/move`,
    handler: consultations.confirmMoveBooking,
  },
  {
    method: "POST",
    path: "/desk/consultations/:id/move",
    role: "manager",
    example: `${BOOKING}/move`,
    handler: consultations.moveBooking,
  },
  { method: "GET", path: "/desk/events", example: "/desk/events", handler: events.showEvents },
  {
    method: "GET",
    path: "/desk/events/:slug",
    example: "/desk/events/an-event",
    handler: events.showEvent,
  },
  {
    method: "GET",
    path: "/desk/events/:slug/check-in",
    example: "/desk/events/an-event/check-in",
    handler: events.showCheckIn,
  },
  {
    method: "POST",
    path: "/desk/events/:slug/check-in",
    example: "/desk/events/an-event/check-in",
    handler: events.tickCheckIn,
  },
  {
    method: "POST",
    path: "/desk/events/:slug/promote",
    example: "/desk/events/an-event/promote",
    handler: events.promoteWaiting,
  },
  {
    method: "GET",
    path: "/desk/events/:slug/registrations/:id/cancel",
    example: `${REGISTRATION}/cancel`,
    handler: events.confirmCancelRegistration,
  },
  {
    method: "POST",
    path: "/desk/events/:slug/registrations/:id/cancel",
    example: `${REGISTRATION}/cancel`,
    handler: events.cancelRegistration,
  },
  { method: "GET", path: "/desk/account", example: "/desk/account", handler: account.showAccount },
  {
    method: "POST",
    path: "/desk/account/sessions/end",
    example: "/desk/account/sessions/end",
    handler: account.endSession,
  },
  {
    method: "POST",
    path: "/desk/account/zone",
    example: "/desk/account/zone",
    handler: account.setTimeZone,
  },
  {
    method: "POST",
    path: "/desk/account/passkeys/options",
    json: true,
    example: "/desk/account/passkeys/options",
    handler: account.registrationOptions,
  },
  {
    method: "POST",
    path: "/desk/account/passkeys",
    json: true,
    example: "/desk/account/passkeys",
    handler: account.addPasskey,
  },
  {
    method: "POST",
    path: "/desk/account/passkeys/remove",
    example: "/desk/account/passkeys/remove",
    handler: account.removePasskey,
  },
  {
    method: "GET",
    path: "/desk/staff",
    role: "admin",
    example: "/desk/staff",
    handler: admin.showStaff,
  },
  {
    method: "POST",
    path: "/desk/staff",
    role: "admin",
    example: "/desk/staff",
    handler: admin.addStaff,
  },
  {
    method: "POST",
    path: "/desk/staff/:id/role",
    role: "admin",
    example: `${STAFF}/role`,
    handler: admin.changeRole,
  },
  {
    method: "POST",
    path: "/desk/staff/:id/disable",
    role: "admin",
    example: `${STAFF}/disable`,
    handler: admin.setDisabled,
  },
  {
    method: "GET",
    path: "/desk/audit",
    role: "admin",
    example: "/desk/audit",
    handler: admin.showAudit,
  },
  {
    method: "GET",
    path: "/desk/privacy",
    role: "manager",
    example: "/desk/privacy",
    handler: privacy.showPrivacy,
  },
  {
    method: "GET",
    path: "/desk/privacy/requests/:id",
    role: "manager",
    example: REQUEST,
    handler: privacy.showRequest,
  },
  {
    method: "POST",
    path: "/desk/privacy/requests/:id/confirm",
    role: "manager",
    example: `${REQUEST}/confirm`,
    handler: privacy.confirm,
  },
  {
    method: "POST",
    path: "/desk/privacy/export",
    role: "manager",
    example: "/desk/privacy/export",
    handler: privacy.showExport,
  },
  {
    method: "POST",
    path: "/desk/privacy/export.json",
    role: "manager",
    example: "/desk/privacy/export.json",
    handler: privacy.downloadExport,
  },
  {
    method: "POST",
    path: "/desk/privacy/erase/check",
    role: "manager",
    example: "/desk/privacy/erase/check",
    handler: privacy.checkErase,
  },
  {
    method: "POST",
    path: "/desk/privacy/erase",
    role: "manager",
    example: "/desk/privacy/erase",
    handler: privacy.erase,
  },
  {
    method: "GET",
    path: "/desk/privacy/retention",
    role: "manager",
    example: "/desk/privacy/retention",
    handler: privacy.showRetention,
  },
];

/** The stylesheet and script (public: the sign-in page uses them). */
export const STATIC_PATH = "/desk/static/:file";
