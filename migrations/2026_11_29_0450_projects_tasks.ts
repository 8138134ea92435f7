import { sql, type Kysely } from "kysely";

/**
 * Projects and tasks (issue 21, spec section 4, decision 059): a branch's projects, their tasks
 * with assignee, due date and state, and the foreign keys the working activities' `project_id`
 * and `task_id` waited for (decision 058). A task's change is announced on the channel
 * `tasks_changed` by a trigger, so every write (page, API, script) tells the open lists.
 *
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("projects")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("branch_id", "integer", (c) =>
      c.notNull().references("branches.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull().check(sql`length(name) between 1 and 120`))
    .addColumn("description", "text")
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index projects_branch_idx on projects (branch_id)`.execute(db);

  await db.schema
    .createTable("tasks")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("branch_id", "integer", (c) =>
      c.notNull().references("branches.id").onDelete("cascade"),
    )
    .addColumn("project_id", "integer", (c) => c.references("projects.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull().check(sql`length(name) between 1 and 200`))
    .addColumn("description", "text")
    .addColumn("assignee_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("due_on", "date")
    .addColumn("state", "text", (c) =>
      c
        .notNull()
        .defaultTo("open")
        .check(sql`state in ('open', 'in_progress', 'done')`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index tasks_branch_state_idx on tasks (branch_id, state)`.execute(db);
  await sql`create index tasks_project_idx on tasks (project_id)`.execute(db);
  await sql`create index tasks_assignee_idx on tasks (assignee_id)`.execute(db);

  await sql`
    create function tasks_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('tasks_changed', json_build_object(
        'id', coalesce(new.id, old.id),
        'branchId', coalesce(new.branch_id, old.branch_id),
        'op', lower(tg_op))::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger tasks_notify after insert or update or delete on tasks
    for each row execute function tasks_notify()`.execute(db);

  await sql`update working_activities set project_id = null
    where project_id is not null`.execute(db);
  await sql`update working_activities set task_id = null where task_id is not null`.execute(db);
  await sql`alter table working_activities
    add constraint working_activities_project_id_fkey
      foreign key (project_id) references projects (id) on delete set null,
    add constraint working_activities_task_id_fkey
      foreign key (task_id) references tasks (id) on delete set null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table working_activities
    drop constraint working_activities_project_id_fkey,
    drop constraint working_activities_task_id_fkey`.execute(db);
  await sql`drop trigger tasks_notify on tasks`.execute(db);
  await sql`drop function tasks_notify()`.execute(db);
  await db.schema.dropTable("tasks").execute();
  await db.schema.dropTable("projects").execute();
}
