import { z } from 'zod';
import { TEXT_BREAKS } from './common.ts';
import { APPLICATIONS, SYSTEM_RIGHTS } from '../permissions.ts';
import { AuthorizationTree, SessionUser } from './auth.ts';

const ApplicationGrants = AuthorizationTree.shape.applications;

export const RoleBody = z.object({
  name: z.string().trim().min(1).max(80),
  description: z.string().max(300).meta(TEXT_BREAKS).default(''),
  areas: z.array(z.enum(APPLICATIONS)),
  applications: ApplicationGrants,
  rights: z.array(z.enum(SYSTEM_RIGHTS)),
});
export type RoleBody = z.infer<typeof RoleBody>;

export const Role = RoleBody.extend({ id: z.string() });
export type Role = z.infer<typeof Role>;

/** GET /api/admin/roles. */
export const RolesResponse = z.object({ data: z.array(Role) });
export type RolesResponse = z.infer<typeof RolesResponse>;

/** A user as the admin screens see them: the session's user plus the account's state and roles. */
export const AdminUser = SessionUser.extend({
  disabled: z.boolean(),
  roleIds: z.array(z.string()),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** GET /api/admin/users. */
export const UsersResponse = z.object({ data: z.array(AdminUser) });
export type UsersResponse = z.infer<typeof UsersResponse>;

export const CreateUserBody = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  nric: z.string().trim().max(20).default(''),
  user_type: z.string().trim().min(1).max(40).default('operator'),
  /** Checked by the server against the one password rule (rules/password.ts), which names what is missing. */
  password: z.string().max(200),
  roleIds: z.array(z.string()).default([]),
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

export const UpdateUserBody = z.object({
  disabled: z.boolean().optional(),
  user_type: z.string().trim().min(1).max(40).optional(),
  roleIds: z.array(z.string()).optional(),
  /** A new password set by an admin: the one password rule; their sessions end at once. */
  password: z.string().max(200).optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;
