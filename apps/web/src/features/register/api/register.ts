import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@pharma/domain/contract/register';
import { api, ApiError } from '../../../lib/api-client.ts';
import { RegisterErrorBody, RegisterResponse } from '../../../lib/api/contract/register.ts';

/** POST /api/register: 201 with the email (the same answer when it already has an account); 422 with a message per field; 429. */
export function register(body: RegisterRequest): Promise<RegisterResponse> {
  return api.post('/api/register', {
    body,
    refreshOnUnauthorized: false,
    parse: (raw) => RegisterResponse.parse(raw),
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

/** The per-field messages of a refused registration, if the answer carries them. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const parsed = RegisterErrorBody.safeParse(error.body);
  if (!parsed.success || !parsed.data.fields) return {};
  return Object.fromEntries(Object.entries(parsed.data.fields).map(([field, { message }]) => [field, message]));
}
