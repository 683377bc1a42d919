import { z } from 'zod';

/** POST /api/register: a person requests an account; rules in rules/registration.ts. */
export const RegisterRequest = z.object({
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  email: z.string().max(254),
  mobileCountry: z.string().max(4),
  mobile: z.string().max(20),
  dateOfBirth: z.string().max(10),
  password: z.string().max(200),
  confirmPassword: z.string().max(200),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** The same answer whether or not the email already had an account: registration reveals no accounts. */
export const RegisterResponse = z.object({ email: z.string() });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/** A refused registration: the first message, and one per field for the form. */
export const RegisterErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.object({ code: z.string(), message: z.string() })).optional(),
});
