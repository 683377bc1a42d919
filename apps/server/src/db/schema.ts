import type { Insertable, Selectable } from 'kysely';

/**
 * Row types of every table. They stop at the repositories: services and routes see domain types.
 * Conventions that keep SQLite and PostgreSQL identical: app-made text ids, ISO-8601 text
 * timestamps, booleans as 0/1 integers, JSON as text.
 */
export interface Database {
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  role_areas: RoleAreasTable;
  role_modules: RoleModulesTable;
  role_features: RoleFeaturesTable;
  role_rights: RoleRightsTable;
  refresh_tokens: RefreshTokensTable;
  audit_log: AuditLogTable;
  warehouses: WarehousesTable;
  materials: MaterialsTable;
  batches: BatchesTable;
}

export interface UsersTable {
  id: string;
  email: string;
  nric: string;
  first_name: string;
  last_name: string;
  user_type: string;
  password_hash: string | null;
  disabled: number;
  created_at: string;
}
export type UserRow = Selectable<UsersTable>;

export interface RolesTable {
  id: string;
  name: string;
  description: string;
}

export interface UserRolesTable {
  user_id: string;
  role_id: string;
}

export interface RoleAreasTable {
  role_id: string;
  application: string;
}

export interface RoleModulesTable {
  role_id: string;
  application: string;
  module: string;
  is_completely_permitted: number;
}

/** One row per granted feature; `actions` is a comma-separated list of the actions granted in it. */
export interface RoleFeaturesTable {
  role_id: string;
  application: string;
  module: string;
  feature: string;
  actions: string;
}

export interface RoleRightsTable {
  role_id: string;
  right_name: string;
}

export interface RefreshTokensTable {
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
}
export type RefreshTokenRow = Selectable<RefreshTokensTable>;

export interface AuditLogTable {
  /** A UUIDv7: ordered by time of writing. */
  id: string;
  at: string;
  actor_id: string | null;
  entity: string;
  entity_id: string;
  action: string;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
}
export type NewAuditRow = Insertable<AuditLogTable>;

export interface WarehousesTable {
  warehouse_no: string;
  name: string;
  area: string;
  plant: string;
  sales_org: string;
  created_at: string;
}

export interface MaterialsTable {
  material_no: string;
  name: string;
  gtin: string | null;
  batch_type: string;
  created_at: string;
  updated_at: string;
}

export interface BatchesTable {
  id: string;
  material_no: string;
  batch_no: string;
  expiry: string | null;
  created_at: string;
}
