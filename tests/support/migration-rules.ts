import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * The expand/contract rule of decision 114, read from a migration's source: a migration newer
 * than the previous release must leave the schema usable by that release, which is still serving
 * while it runs. What would break the previous release (dropping, renaming, retyping, tightening)
 * belongs in a later "contract" migration that says so: `export const contract = "<reason>";`.
 */
export interface PreviousRelease {
  commit: string;
  lastMigration: string;
}

export function readPreviousRelease(file = "ops/previous-release"): PreviousRelease {
  const fields = new Map<string, string>();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith("#")) continue;
    const [key, value] = trimmed.split(/\s+/, 2);
    if (key && value) fields.set(key, value);
  }
  const commit = fields.get("commit");
  const lastMigration = fields.get("last-migration");
  if (!commit || !/^[0-9a-f]{40}$/.test(commit) || !lastMigration) {
    throw new Error(`${file}: „commit <40 Hex-Zeichen>“ und „last-migration <Name>“ fehlen.`);
  }
  return { commit, lastMigration };
}

/** The commit's files under `migrations/` (names without `.ts`), or null without that history. */
export function migrationsAt(commit: string): string[] | null {
  try {
    return execFileSync("git", ["ls-tree", "--name-only", commit, "migrations/"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    })
      .split("\n")
      .filter((file) => file.endsWith(".ts"))
      .map((file) => file.replace(/^migrations\//, "").replace(/\.ts$/, ""))
      .sort();
  } catch {
    return null; // a shallow clone or an export without .git
  }
}

export interface RuleBreak {
  rule: string;
  excerpt: string;
}

/** The contract marker's reason, or null when the migration is not marked as a contract. */
export function contractReason(source: string): string | null {
  const match = /export\s+const\s+contract\s*=\s*(["'`])([\s\S]*?)\1/.exec(source);
  const reason = match?.[2]?.trim();
  return reason && reason.length >= 10 ? reason : null;
}

/** Comments go first: a rule quoted in a comment is not a statement. Strings stay (raw SQL). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** `down` undoes `up` and drops what `up` made: only what runs on deploy is read. */
function withoutDown(source: string): string {
  return source.replace(
    /export\s+(?:async\s+)?function\s+down\b[\s\S]*?(?=\nexport\s|$(?![\s\S]))/,
    " ",
  );
}

/**
 * `drop trigger x` … `create trigger x` (or an index, a function) in one migration replaces x;
 * it does not take it away from the previous release.
 */
function recreated(code: string, what: string, name: string): boolean {
  const sqlCreate = new RegExp(
    `\\bcreate\\s+(?:or\\s+replace\\s+)?(?:unique\\s+)?${what}\\s+(?:concurrently\\s+)?(?:if\\s+not\\s+exists\\s+)?"?${name}\\b`,
    "i",
  );
  const builderCreate = new RegExp(`\\.createIndex\\s*\\(\\s*["'\`]${name}["'\`]`);
  return sqlCreate.test(code) || (what === "index" && builderCreate.test(code));
}

/** What a drop at `index` takes away: its kind and name, when it names one. */
function droppedAt(code: string, index: number): { what: string; name: string } | null {
  const rest = code.slice(index, index + 120);
  const sqlDrop =
    /^drop\s+(trigger|function|index)\s+(?:concurrently\s+)?(?:if\s+exists\s+)?"?(\w+)/i.exec(rest);
  if (sqlDrop) return { what: sqlDrop[1]!.toLowerCase(), name: sqlDrop[2]! };
  const builderDrop = /^\.dropIndex\s*\(\s*["'`](\w+)["'`]/.exec(rest);
  return builderDrop ? { what: "index", name: builderDrop[1]! } : null;
}

/** The columns this migration adds to existing tables (builder and SQL). */
function addedColumns(code: string): string[] {
  return [
    ...[...code.matchAll(/\.addColumn\s*\(\s*["'`](\w+)["'`]/g)].map((match) => match[1]!),
    ...[...code.matchAll(/\badd\s+column\s+(?:if\s+not\s+exists\s+)?"?(\w+)/gi)].map(
      (match) => match[1]!,
    ),
  ];
}

/** Kysely's builder calls and raw SQL that break a previous release still reading the schema. */
const BUILDER_RULES: Array<{ rule: string; pattern: RegExp }> = [
  { rule: "dropTable", pattern: /\.dropTable\s*\(/ },
  { rule: "dropColumn", pattern: /\.dropColumn\s*\(/ },
  { rule: "renameColumn", pattern: /\.renameColumn\s*\(/ },
  { rule: "renameTo", pattern: /\.renameTo\s*\(/ },
  { rule: "setDataType", pattern: /\.setDataType\s*\(/ },
  { rule: "dropView", pattern: /\.dropView\s*\(/ },
  { rule: "dropType", pattern: /\.dropType\s*\(/ },
  { rule: "dropSchema", pattern: /\.dropSchema\s*\(/ },
  { rule: "dropIndex", pattern: /\.dropIndex\s*\(/ },
];

const SQL_RULES: Array<{ rule: string; pattern: RegExp }> = [
  {
    rule: "drop (SQL)",
    pattern:
      /\bdrop\s+(?:table|column|view|materialized\s+view|type|schema|index|function|trigger|sequence)\b/i,
  },
  {
    rule: "rename (SQL)",
    pattern: /\brename\s+(?:column\s+|constraint\s+)?\S+\s+to\b|\brename\s+to\b/i,
  },
  {
    rule: "alter column type (SQL)",
    pattern: /\balter\s+column\s+\S+\s+(?:set\s+data\s+)?type\b/i,
  },
  { rule: "set not null (SQL)", pattern: /\bset\s+not\s+null\b/i },
  { rule: "add constraint (SQL)", pattern: /\balter\s+table\b[^;`]*\badd\s+constraint\b/i },
  // `truncate table x`, not a trigger's `after … or truncate on x`.
  { rule: "truncate (SQL)", pattern: /\btruncate\s+(?:table\s+)?(?!on\b)["\w]/i },
];

/**
 * One statement of a migration: from `db.schema` or `sql` to its `.execute(`. Rules that depend on
 * the statement (a NOT NULL column added to an existing table, a constraint on an existing table)
 * look at it alone.
 */
function statements(source: string): string[] {
  return source.split(/\.execute\s*\(/);
}

/**
 * A constraint dropped and added again under its name is replaced, which is how a check is
 * widened (decision 114 says what the reviewer looks for: a replacement may also tighten).
 */
function replacedConstraint(code: string, statement: string): boolean {
  const name =
    /add\s+constraint\s+"?(\w+)/i.exec(statement)?.[1] ??
    /\.add(?:Check|Unique|ForeignKey|PrimaryKey)Constraint\s*\(\s*["'`](\w+)/.exec(statement)?.[1];
  if (!name) return false;
  return new RegExp(
    `drop\\s+constraint\\s+(?:if\\s+exists\\s+)?"?${name}\\b|\\.dropConstraint\\s*\\(\\s*["'\`]${name}["'\`]`,
    "i",
  ).test(code);
}

/** The statement that starts at `index`, up to its `.execute(`. */
function statementAt(code: string, index: number): string {
  return code.slice(index).split(/\.execute\s*\(/)[0]!;
}

/**
 * A constraint that names a column this migration adds: the previous release does not write that
 * column, its rows get the column's default, which the author checks against the constraint.
 */
function namesAny(text: string, columns: string[]): boolean {
  return columns.some((column) => new RegExp(`\\b${column}\\b`).test(text));
}

export function ruleBreaks(source: string): RuleBreak[] {
  if (contractReason(source)) return [];
  const code = withoutDown(withoutComments(source));
  const found: RuleBreak[] = [];
  const fresh = addedColumns(code);
  const note = (rule: string, text: string, index: number) =>
    found.push({ rule, excerpt: text.slice(Math.max(0, index - 40), index + 60).trim() });
  for (const { rule, pattern } of [...BUILDER_RULES, ...SQL_RULES]) {
    const global = new RegExp(
      pattern.source,
      pattern.flags.includes("g") ? pattern.flags : pattern.flags + "g",
    );
    for (const match of code.matchAll(global)) {
      const dropped = droppedAt(code, match.index);
      if (dropped && recreated(code, dropped.what, dropped.name)) continue;
      if (rule === "add constraint (SQL)") {
        const statement = statementAt(code, match.index);
        if (namesAny(statement, fresh) || replacedConstraint(code, statement)) continue;
      }
      note(rule, code, match.index);
    }
  }
  for (const statement of statements(code)) {
    if (!/\.alterTable\s*\(/.test(statement)) continue;
    // A tightened column: the previous release writes rows without a value for it.
    if (/\.setNotNull\s*\(/.test(statement) && !/\.setDefault\s*\(/.test(statement)) {
      note("setNotNull ohne setDefault", statement, statement.search(/\.setNotNull\s*\(/));
    }
    // A new NOT NULL column on an existing table: the previous release's inserts leave it out.
    for (const added of statement.matchAll(
      /\.addColumn\s*\(([^()]*(?:\([^()]*(?:\([^()]*\)[^()]*)*\)[^()]*)*)\)/g,
    )) {
      const body = added[1]!;
      if (
        /\.notNull\s*\(/.test(body) &&
        !/\.(?:defaultTo|generatedAlwaysAs|generatedAlwaysAsIdentity|generatedByDefaultAsIdentity)\s*\(/.test(
          body,
        )
      ) {
        note("addColumn notNull ohne defaultTo", statement, added.index);
      }
    }
    // A new constraint on an existing table: rows the previous release writes may not pass it.
    for (const added of statement.matchAll(
      /\.add(?:Check|Unique|ForeignKey|PrimaryKey)Constraint\s*\(/g,
    )) {
      const constraint = statement.slice(added.index);
      if (namesAny(constraint, fresh) || replacedConstraint(code, constraint)) continue;
      note("Constraint auf bestehender Tabelle", statement, added.index);
    }
  }
  return found;
}
