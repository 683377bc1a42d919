import { z } from 'zod';
import { AdminUser, CreateUserBody, Role, RoleBody, UpdateUserBody } from '@pharma/domain/contract/admin';
import { ErrorBody } from '@pharma/domain/contract/common';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { AdminService } from './admin.service.ts';

const admin = { requirement: { right: 'ADMIN' } } as const;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const IdParams = z.object({ id: z.string().min(1).max(64) });

export function adminRoutes(app: ZodApp, service: AdminService): void {
  app.get('/api/admin/users', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: 'Every user with their roles',
      response: { 200: z.object({ data: z.array(AdminUser) }), ...errors },
    },
    handler: async () => ({ data: await service.listUsers() }),
  });

  app.post('/api/admin/users', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: 'Create a user (the password rule of the register page)',
      body: CreateUserBody,
      response: { 201: AdminUser, ...errors },
    },
    handler: async (request, reply) => reply.code(201).send(await service.createUser(request.principal!.user.id, request.body)),
  });

  app.patch('/api/admin/users/:id', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary:
        'Disable or enable a user, change their roles, or set their password (the password rule of the register page; their sessions end)',
      params: IdParams,
      body: UpdateUserBody,
      response: { 200: AdminUser, ...errors },
    },
    handler: async (request) => service.updateUser(request.principal!.user.id, request.params.id, request.body),
  });

  app.get('/api/admin/roles', {
    config: admin,
    schema: { tags: ['admin'], summary: 'Every role with its grants', response: { 200: z.object({ data: z.array(Role) }), ...errors } },
    handler: async () => ({ data: await service.listRoles() }),
  });

  app.post('/api/admin/roles', {
    config: admin,
    schema: { tags: ['admin'], summary: 'Create a role', body: RoleBody, response: { 201: Role, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await service.saveRole(request.principal!.user.id, undefined, request.body)),
  });

  app.put('/api/admin/roles/:id', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: 'Replace a role: its areas, modules, features, actions and rights',
      params: IdParams,
      body: RoleBody,
      response: { 200: Role, ...errors },
    },
    handler: async (request) => service.saveRole(request.principal!.user.id, request.params.id, request.body),
  });
}
