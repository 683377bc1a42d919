import { z } from 'zod';
import { LOCALES } from '../i18n/locales.ts';
import { ACTIONS, APPLICATIONS, FEATURES, MODULES, SYSTEM_RIGHTS, type ModuleCode } from '../permissions.ts';

export const LoginRequest = z.object({
  identifier: z.string().min(1).max(254),
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SessionUser = z.object({
  id: z.string(),
  user_type: z.string(),
  nric: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /**
   * The language the user chose for the product's messages (issue 33, decision 0090); absent when none is
   * chosen, and answers follow the request's Accept-Language.
   */
  language: z.enum(LOCALES).optional(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/**
 * GET and PUT /api/me/language: the signed-in user's own language for the product's messages; null for
 * none (answers follow the request's Accept-Language, else English). Only a language the product speaks.
 */
export const UserLanguage = z.object({ language: z.enum(LOCALES).nullable() });
export type UserLanguage = z.infer<typeof UserLanguage>;

export const LoginResponse = z.object({
  jwt: z.string(),
  user: SessionUser,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const AuthorizationTree = z.object({
  authorizedMicroApp: z.array(z.enum(APPLICATIONS)),
  applications: z.array(
    z.object({
      application: z.enum(APPLICATIONS),
      modules: z.array(
        z.object({
          // A module of the registry the server runs (decision 0085): the server refuses one it does not run.
          module: z
            .string()
            .regex(/^[A-Z][A-Z0-9+ ]{0,29}$/, 'a module (RECEIVE, DISPATCH+, ...)')
            .meta({ examples: [...MODULES] }) as unknown as z.ZodType<ModuleCode>,
          isCompletelyPermitted: z.boolean(),
          features: z.array(z.object({ feature: z.enum(FEATURES), actions: z.array(z.enum(ACTIONS)) })),
        }),
      ),
    }),
  ),
  rights: z.array(z.enum(SYSTEM_RIGHTS)),
});

/** GET /api/me and GET /auth/authorizeMicroApp: who is signed in and what they may do. */
export const SessionResponse = z.object({
  user: SessionUser,
  authorization: AuthorizationTree,
});
export type SessionResponse = z.infer<typeof SessionResponse>;
