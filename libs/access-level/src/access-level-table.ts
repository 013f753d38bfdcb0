import { readFileSync } from 'node:fs';
import path from 'node:path';

/** `*` allows every property of the entity (or of every entity, at level scope). */
export type PropertyGrant = readonly string[] | '*';
export type LevelGrants = Readonly<Record<string, PropertyGrant>> | '*';

export interface AccessLevelTableData {
  readonly roles: Readonly<Record<string, number>>;
  readonly levels: Readonly<Record<string, LevelGrants>>;
  readonly writeOnly: readonly string[];
}

export const DEFAULT_ACCESS_LEVELS_FILE = path.join(__dirname, 'access-levels.json');

/** The level table as data (contract 3): which properties of which entity each level sees. */
export class AccessLevelTable {
  readonly levels: readonly number[];
  private readonly writeOnly: ReadonlySet<string>;
  /** grantsOf by level: asked once per property of every projected object. */
  private readonly grantsByLevel = new Map<number, LevelGrants>();

  constructor(private readonly data: AccessLevelTableData) {
    this.levels = Object.keys(data.levels)
      .map(Number)
      .sort((a, b) => a - b);
    this.writeOnly = new Set(data.writeOnly);
  }

  static fromFile(file = DEFAULT_ACCESS_LEVELS_FILE): AccessLevelTable {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`Access level table ${file} could not be read: ${(error as Error).message}`);
    }
    return new AccessLevelTable(assertTableData(parsed, file));
  }

  /** The highest level among the caller's roles; undefined when none of them has a level. */
  levelOfRoles(roles: Iterable<string>): number | undefined {
    let level: number | undefined;
    for (const role of roles) {
      const roleLevel = Object.hasOwn(this.data.roles, role) ? this.data.roles[role] : undefined;
      if (roleLevel !== undefined && (level === undefined || roleLevel > level)) level = roleLevel;
    }
    return level;
  }

  get rolesWithLevel(): string[] {
    return Object.keys(this.data.roles);
  }

  /** Whether `level` may see `property` of `entityKey`. Deny by default; `id` always. */
  allows(level: number, entityKey: string, property: string): boolean {
    if (this.writeOnly.has(property)) return false;
    if (property === 'id') return true;
    const grants = this.grantsOf(level);
    if (grants === '*') return true;
    if (!Object.hasOwn(grants, entityKey)) return false;
    const grant = grants[entityKey];
    return grant === '*' || grant.includes(property);
  }

  /**
   * What each level of the table sees of `entityKey`, in words, for API documents:
   * "ProfileApi_Low (level 1) and ProfileApi_Medium (2): `id` only; ProfileApi_Max (9): every property".
   */
  describeEntity(entityKey: string): string {
    const groups: { levels: number[]; sees: string }[] = [];
    for (const level of this.levels) {
      const grants = this.grantsOf(level);
      const grant = grants === '*' ? '*' : Object.hasOwn(grants, entityKey) ? grants[entityKey] : [];
      const visible = grant === '*' ? [] : grant.filter((property) => !this.writeOnly.has(property));
      const sees =
        grant === '*'
          ? 'every property'
          : visible.length === 0
            ? '`id` only'
            : ['id', ...visible].map((property) => `\`${property}\``).join(', ');
      const last = groups.at(-1);
      if (last?.sees === sees) last.levels.push(level);
      else groups.push({ levels: [level], sees });
    }
    const rolesOf = (level: number): string => {
      const roles = Object.keys(this.data.roles).filter((role) => this.data.roles[role] === level);
      return roles.length > 0 ? `${roles.join(', ')} (${level})` : `level ${level}`;
    };
    return groups.map((group) => `${group.levels.map(rolesOf).join(' and ')}: ${group.sees}`).join('; ');
  }

  private grantsOf(level: number): LevelGrants {
    let grants = this.grantsByLevel.get(level);
    if (grants === undefined) {
      // A level not in the table gets the grants of the highest level below it.
      const known = this.levels.findLast((candidate) => candidate <= level);
      grants = known === undefined ? {} : this.data.levels[String(known)];
      this.grantsByLevel.set(level, grants);
    }
    return grants;
  }
}

function assertTableData(value: unknown, source: string): AccessLevelTableData {
  const fail = (why: string): never => {
    throw new Error(`Access level table ${source} is invalid: ${why}`);
  };
  if (value === null || typeof value !== 'object') return fail('not a JSON object');
  const { roles, levels, writeOnly } = value as Record<string, unknown>;
  if (roles === null || typeof roles !== 'object') return fail('`roles` must map role names to levels');
  for (const [role, level] of Object.entries(roles)) {
    if (!Number.isInteger(level)) fail(`role ${role} must have an integer level`);
  }
  if (levels === null || typeof levels !== 'object') return fail('`levels` must be an object');
  for (const [level, grants] of Object.entries(levels)) {
    if (!/^\d+$/.test(level)) fail(`level key ${level} must be an integer`);
    if (grants === '*') continue;
    if (grants === null || typeof grants !== 'object') fail(`level ${level} must be "*" or an object`);
    for (const [entityKey, grant] of Object.entries(grants as object)) {
      const valid =
        grant === '*' || (Array.isArray(grant) && grant.every((item) => typeof item === 'string'));
      if (!valid) fail(`level ${level}, entity ${entityKey}: must be "*" or a list of property names`);
    }
  }
  if (!Array.isArray(writeOnly) || !writeOnly.every((item) => typeof item === 'string')) {
    return fail('`writeOnly` must be a list of property names');
  }
  return value as AccessLevelTableData;
}
