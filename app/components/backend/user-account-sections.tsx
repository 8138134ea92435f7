import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { PASSWORD_MIN_LENGTH, setPasswordSchema } from "#app/features/staff/staff-auth-schemas";
import { de } from "#app/i18n/de-staff";
import { Button, ButtonLink, Checkbox } from "#app/components/ui";
import { FormMessage, TextField } from "./form-parts";

/**
 * The user page's sections beside the user's fields (decision 085): access (lock, login link),
 * a new password, the signed-in devices with "Überall abmelden" asked once more on the page, and
 * delete. Each posts its own `intent` to the user's page and shows its own message.
 */
const texts = de.users;

function useBusy() {
  return useNavigation().state === "submitting";
}

/** The message of the section whose intent was refused, read out when it appears. */
export function SectionMessage({ text }: { text: string | null | undefined }) {
  return (
    <p className={text ? "form-error" : "field-error"} role="alert">
      {text}
    </p>
  );
}

function Section({
  id,
  title,
  message,
  children,
}: {
  id: string;
  title: string;
  message: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <section className="backoffice-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <SectionMessage text={message} />
      {children}
    </section>
  );
}

/** A form of one button that posts its intent. */
function IntentButton({ intent, label }: { intent: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant="secondary" disabled={useBusy()}>
        {label}
      </Button>
    </Form>
  );
}

export function AccessSection({
  isLocked,
  message,
}: {
  isLocked: boolean;
  message?: string | null;
}) {
  return (
    <Section id="zugang-titel" title={texts.accessHeading} message={message}>
      {isLocked ? <p>{texts.lockedNotice}</p> : null}
      <div className="button-row">
        <IntentButton
          intent={isLocked ? "unlock" : "lock"}
          label={isLocked ? texts.unlock : texts.lock}
        />
        {isLocked ? null : <IntentButton intent="send-link" label={texts.sendLink} />}
      </div>
    </Section>
  );
}

export function PasswordSection({
  lastResult,
  message,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  message?: string | null;
}) {
  const busy = useBusy();
  const [form, fields] = useForm({
    id: "passwort-setzen",
    lastResult,
    constraint: getZodConstraint(setPasswordSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setPasswordSchema }),
  });
  return (
    <Section id="passwort-titel" title={texts.resetHeading} message={message}>
      <Form method="post" {...getFormProps(form)} className="form-stack">
        <FormMessage form={form} />
        <input type="hidden" name="intent" value="set-password" />
        <TextField
          field={fields.password}
          label={texts.newPassword}
          type="password"
          hint={texts.passwordHint(PASSWORD_MIN_LENGTH)}
          autoComplete="new-password"
        />
        <div>
          <Button type="submit" variant="secondary" disabled={busy}>
            {texts.setPassword}
          </Button>
        </div>
      </Form>
    </Section>
  );
}

/** "Überall abmelden" asks once more on the page itself (`?bestaetigen=abmelden`, no script). */
export function SessionsSection({
  user,
  activeSessions,
  confirming,
  message,
}: {
  user: { id: number; name: string };
  activeSessions: number;
  confirming: boolean;
  message?: string | null;
}) {
  const busy = useBusy();
  const here = `/backend/users/${user.id}`;
  return (
    <Section id="sitzungen-titel" title={texts.sessionsHeading} message={message}>
      <p>{texts.activeSessions(activeSessions)}</p>
      {confirming ? (
        <div className="form-stack" role="group" aria-labelledby="abmelden-bestaetigen-titel">
          <h3 id="abmelden-bestaetigen-titel">{texts.signOutConfirmHeading(user.name)}</h3>
          <p>{texts.signOutConfirmText}</p>
          <div className="button-row">
            <ButtonLink to={here} variant="secondary">
              {texts.cancel}
            </ButtonLink>
            <Form method="post" action={here}>
              <input type="hidden" name="intent" value="sign-out-everywhere" />
              <input type="hidden" name="confirm" value="ja" />
              <Button type="submit" variant="danger" disabled={busy}>
                {texts.signOutConfirm}
              </Button>
            </Form>
          </div>
        </div>
      ) : (
        <p>
          <ButtonLink to={`${here}?bestaetigen=abmelden#sitzungen-titel`} variant="secondary">
            {texts.signOutEverywhere}
          </ButtonLink>
        </p>
      )}
    </Section>
  );
}

export function DeleteSection({ message }: { message?: string | null }) {
  return (
    <Section id="loeschen-titel" title={texts.deleteHeading} message={message}>
      <Form method="post" className="form-stack">
        <input type="hidden" name="intent" value="delete" />
        <Checkbox
          id="loeschen-bestaetigen"
          name="confirm"
          value="ja"
          required
          label={texts.deleteConfirm}
        />
        <div>
          <Button type="submit" variant="danger" disabled={useBusy()}>
            {texts.delete}
          </Button>
        </div>
      </Form>
    </Section>
  );
}
