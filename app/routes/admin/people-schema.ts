import "#app/lib/zod-config.ts";
import { z } from "zod";
import { TEAM_ROLES } from "#app/lib/roles.ts";

// The team page's forms (/admin/people), on the server and in the browser.

const Email = z
  .string({ error: "Please enter an e-mail address" })
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email({ error: "Please enter a valid e-mail address" })
      .max(254, { error: "An e-mail address has at most 254 characters" }),
  );

const Role = z.enum(TEAM_ROLES, { error: "Please choose a role" });

export const AddMemberSchema = z.object({
  intent: z.literal("add"),
  email: Email,
  role: Role,
});

export const InviteSchema = z.object({
  intent: z.literal("invite"),
  email: Email,
  role: Role,
});

export const InvitationChangeSchema = z.object({
  intent: z.enum(["resend", "revoke"]),
  invitationId: z.uuid(),
});

export const ChangeRoleSchema = z.object({
  intent: z.literal("change-role"),
  userId: z.uuid(),
  role: z.enum(TEAM_ROLES),
});

export const RemoveMemberSchema = z.object({
  intent: z.literal("remove"),
  userId: z.uuid(),
});

export const TeamChangeSchema = z.discriminatedUnion("intent", [
  ChangeRoleSchema,
  RemoveMemberSchema,
]);
