import { de } from "#app/i18n/de-backoffice";

const texts = de.logs;

/** 'Tag angelegt', 'Bestellung confirm', 'Anmeldung fehlgeschlagen': an action in words. */
export function actionLabel(action: string): string {
  const known = texts.actions[action];
  if (known) return known;
  const [type, verb] = action.split(".");
  const subject = type ? texts.entityTypes[type] : undefined;
  const done = verb ? (texts.actions[verb] ?? verb) : undefined;
  return subject && done ? `${subject} ${done}` : action;
}

export function entityTypeLabel(type: string): string {
  return texts.entityTypes[type] ?? type;
}
