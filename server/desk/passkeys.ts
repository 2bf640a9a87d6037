import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { iso, type Clock } from "./clock";
import type { StaffMember } from "./staff";
import { sha256 } from "./tokens";

/** How long a ceremony (the browser asking the authenticator) may take. */
const CEREMONY_MS = 5 * 60_000;

/** Where the ceremony runs: the relying party's id (the host name) and the page's origin. */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

export interface PasskeyRow {
  credentialId: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * Passkeys (WebAuthn, SimpleWebAuthn): staff add one from "Your sign-in" while signed in, and
 * sign in with it after. Each ceremony's challenge is kept in the database, under the hash of
 * what the browser holds (its session, or its sign-in cookie), and used once.
 */
export class Passkeys {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  list(staffId: string): Promise<PasskeyRow[]> {
    return this.db
      .selectFrom("passkeys")
      .select(["credentialId", "name", "createdAt", "lastUsedAt"])
      .where("staffId", "=", staffId)
      .orderBy("createdAt")
      .execute();
  }

  async remove(staffId: string, credentialId: string) {
    const result = await this.db
      .deleteFrom("passkeys")
      .where("staffId", "=", staffId)
      .where("credentialId", "=", credentialId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async registrationOptions(staff: StaffMember, holder: string, rp: RelyingParty) {
    const existing = await this.db
      .selectFrom("passkeys")
      .select(["credentialId", "transports"])
      .where("staffId", "=", staff.id)
      .execute();
    const options = await generateRegistrationOptions({
      rpName: "Eastgate desk",
      rpID: rp.rpID,
      userName: staff.email,
      userDisplayName: staff.name,
      userID: new TextEncoder().encode(staff.id),
      attestationType: "none",
      excludeCredentials: existing.map((c) => ({
        id: c.credentialId,
        transports: JSON.parse(c.transports) as AuthenticatorTransportFuture[],
      })),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
    await this.keep(holder, "register", options.challenge, staff.id);
    return options;
  }

  /** Verifies the authenticator's answer and keeps the new passkey; false if it does not verify. */
  async register(
    staff: StaffMember,
    holder: string,
    response: RegistrationResponseJSON,
    name: string,
    rp: RelyingParty,
  ) {
    const challenge = await this.take(holder, "register", staff.id);
    if (!challenge) return false;
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        requireUserVerification: false,
      });
    } catch {
      return false;
    }
    if (!verification.verified) return false;
    const { credential } = verification.registrationInfo;
    await this.db
      .insertInto("passkeys")
      .values({
        credentialId: credential.id,
        staffId: staff.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        name: name.trim().slice(0, 80) || "Passkey",
        createdAt: iso(this.clock),
        lastUsedAt: null,
      })
      .execute();
    return true;
  }

  async authenticationOptions(holder: string, rp: RelyingParty) {
    const options = await generateAuthenticationOptions({
      rpID: rp.rpID,
      userVerification: "preferred",
    });
    await this.keep(holder, "authenticate", options.challenge, null);
    return options;
  }

  /** The staff id the answer proves, or undefined. */
  async authenticate(holder: string, response: AuthenticationResponseJSON, rp: RelyingParty) {
    const challenge = await this.take(holder, "authenticate", null);
    if (!challenge) return undefined;
    const row = await this.db
      .selectFrom("passkeys")
      .selectAll()
      .where("credentialId", "=", response.id)
      .executeTakeFirst();
    if (!row) return undefined;
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        requireUserVerification: false,
        credential: {
          id: row.credentialId,
          publicKey: isoBase64URL.toBuffer(row.publicKey),
          counter: Number(row.counter),
          transports: JSON.parse(row.transports) as AuthenticatorTransportFuture[],
        },
      });
    } catch {
      return undefined;
    }
    if (!verification.verified) return undefined;
    await this.db
      .updateTable("passkeys")
      .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: iso(this.clock) })
      .where("credentialId", "=", row.credentialId)
      .execute();
    return row.staffId;
  }

  private async keep(
    holder: string,
    purpose: "register" | "authenticate",
    challenge: string,
    staffId: string | null,
  ) {
    const idHash = sha256(`${purpose}:${holder}`);
    const values = { purpose, challenge, staffId, expiresAt: iso(this.clock, CEREMONY_MS) };
    await this.db
      .insertInto("passkeyChallenges")
      .values({ idHash, ...values })
      .onConflict((oc) => oc.column("idHash").doUpdateSet(values))
      .execute();
  }

  /** The ceremony's challenge, deleted as it is read (used once); undefined if none or expired. */
  private async take(holder: string, purpose: "register" | "authenticate", staffId: string | null) {
    const idHash = sha256(`${purpose}:${holder}`);
    const row = await this.db
      .deleteFrom("passkeyChallenges")
      .where("idHash", "=", idHash)
      .returningAll()
      .executeTakeFirst();
    if (!row || row.expiresAt <= iso(this.clock) || row.staffId !== staffId) return undefined;
    return row.challenge;
  }
}
