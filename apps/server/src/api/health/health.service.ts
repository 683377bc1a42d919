import { databaseAnswers, type DatabaseHandle } from '../../db/database.ts';
import { migrationNames, pendingMigrations } from '../../db/migrate.ts';

/** What /api/health and /api/ready ask of the database: whether it answers, and which migrations of this version it lacks. */
export class HealthService {
  constructor(private readonly database: DatabaseHandle) {}

  get kind(): DatabaseHandle['kind'] {
    return this.database.kind;
  }

  answers(): Promise<boolean> {
    return databaseAnswers(this.database.db);
  }

  /** Migrations of this version not applied yet; throws when the database does not answer. */
  pendingMigrations(): Promise<string[]> {
    return pendingMigrations(this.database.db);
  }

  /** How many migrations this version has. */
  migrations(): number {
    return migrationNames().length;
  }
}
