import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import type { Role } from "#app/db/schema";
import { de } from "#app/i18n/de-staff";
import {
  PASSWORD_MIN_LENGTH,
  newUserSchema,
  userSchema,
  type NewUserInput,
} from "#app/features/staff/staff-auth-schemas";
import { Button } from "#app/components/ui";
import { CheckboxGroup, FormMessage, TextField } from "./form-parts";

const texts = de.users;

export interface UserFormChoices {
  roles: Role[];
  branches: { id: number; name: string }[];
}

/**
 * Name, e-mail, roles and branches; with a first password when the user is new. The roles and
 * branches offered are only those the signed-in member may hand out.
 */
export function UserForm({
  mode,
  choices,
  defaultValue,
  lastResult,
  version,
}: {
  mode: "create" | "edit";
  choices: UserFormChoices;
  defaultValue?: { name: string; email: string; roles: string[]; branchIds: string[] };
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The record's version, sent back so a concurrent save is refused (decision 035). */
  version?: string | null;
}) {
  // One set of fields for both: editing simply has no password field (its schema has none).
  const schema = (mode === "create" ? newUserSchema : userSchema) as typeof newUserSchema;
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof newUserSchema>, NewUserInput>({
    id: mode === "create" ? "benutzer-neu" : "benutzer-daten",
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="form-stack">
      <FormMessage form={form} />
      <input type="hidden" name="intent" value="save" />
      {version ? <input type="hidden" name="version" value={version} /> : null}
      <TextField field={fields.name} label={texts.name} autoComplete="off" />
      <TextField field={fields.email} label={texts.email} type="email" autoComplete="off" />
      <CheckboxGroup
        field={fields.roles}
        legend={texts.roles}
        options={choices.roles.map((role) => ({ value: role, label: de.backOffice.roles[role] }))}
      />
      <CheckboxGroup
        field={fields.branchIds}
        legend={texts.branches}
        options={choices.branches.map((branch) => ({
          value: String(branch.id),
          label: branch.name,
        }))}
      />
      {mode === "create" ? (
        <TextField
          field={fields.password}
          label={texts.password}
          type="password"
          hint={texts.passwordHint(PASSWORD_MIN_LENGTH)}
          autoComplete="new-password"
        />
      ) : null}
      <div>
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {mode === "create" ? texts.create : texts.save}
        </Button>
      </div>
    </Form>
  );
}
