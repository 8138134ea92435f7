import { useEffect, useRef, useState } from "react";
import type { ToolbarItem } from "./block-fields";
import { deBlocks } from "#app/i18n/de-blocks";
import { Button } from "#app/components/ui/button";
import { useHydrated } from "#app/components/use-hydrated";

/**
 * A wysiwyg field (decisions 040 and 039: blocks and content pages share it): without JavaScript a textarea for HTML, which the server cleans
 * to what the toolbar can make. With JavaScript the same textarea stays the form's field, hidden
 * under an editable area with the spec's toolbar (heading, alignment, bold, italic, underline,
 * strikethrough, numbered and bulleted list, table, link, undo, redo, source editing); every
 * change is written back into the textarea, so saving posts exactly what the form would.
 */
const COMMANDS: Partial<Record<ToolbarItem, [string, string?]>> = {
  heading: ["formatBlock", "h2"],
  alignment: ["justifyCenter"],
  bold: ["bold"],
  italic: ["italic"],
  underline: ["underline"],
  strikethrough: ["strikeThrough"],
  numberedList: ["insertOrderedList"],
  bulletedList: ["insertUnorderedList"],
  insertTable: [
    "insertHTML",
    "<table><tbody><tr><td>&nbsp;</td><td>&nbsp;</td></tr><tr><td>&nbsp;</td><td>&nbsp;</td></tr></tbody></table><p></p>",
  ],
  undo: ["undo"],
  redo: ["redo"],
};

/** What the browser's editing commands write, in the markup the server keeps. */
const normalised = (html: string) => html.replace(/<(\/?)strike>/g, "<$1s>");

export function RichTextField({
  id,
  labelId,
  name,
  defaultValue,
  toolbar,
  required,
  maxLength,
  describedBy,
  invalid,
}: {
  id: string;
  labelId: string;
  name: string;
  defaultValue: string;
  toolbar: readonly ToolbarItem[];
  required?: boolean;
  maxLength?: number;
  describedBy?: string;
  invalid?: boolean;
}) {
  const enhanced = useHydrated();
  const [source, setSource] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const editable = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The stored value was cleaned on the server; what was typed here stays in this editor.
    if (enhanced && !source && editable.current && textarea.current) {
      editable.current.innerHTML = textarea.current.value;
    }
  }, [enhanced, source]);

  const sync = () => {
    if (editable.current && textarea.current) {
      textarea.current.value = normalised(editable.current.innerHTML);
    }
  };
  const run = (item: ToolbarItem) => {
    if (item === "sourceEditing") {
      sync();
      setSource((shown) => !shown);
      return;
    }
    editable.current?.focus();
    if (item === "link") {
      const href = window.prompt(deBlocks.controls.linkPrompt, "https://");
      // Only what the server keeps (decision 039): web, mail and phone addresses, shop paths.
      if (href && /^(https?:\/\/|\/|mailto:|tel:)/.test(href)) {
        document.execCommand("createLink", false, href);
      }
    } else {
      const command = COMMANDS[item];
      if (command) document.execCommand(command[0], false, command[1]);
    }
    sync();
  };

  return (
    <>
      {enhanced ? (
        <div className="rich-text-toolbar" role="toolbar" aria-label={deBlocks.controls.toolbar}>
          {toolbar.map((item) => (
            <Button
              key={item}
              variant="secondary"
              aria-pressed={item === "sourceEditing" ? source : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(item)}
            >
              {deBlocks.toolbarItems[item] ?? item}
            </Button>
          ))}
        </div>
      ) : null}
      {enhanced && !source ? (
        <div
          ref={editable}
          className="rich-text-editable"
          contentEditable
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          tabIndex={0}
          onInput={sync}
          onBlur={sync}
          suppressContentEditableWarning
        />
      ) : null}
      <textarea
        ref={textarea}
        id={id}
        name={name}
        rows={8}
        required={required}
        maxLength={maxLength}
        hidden={enhanced && !source}
        data-editor="wysiwyg"
        defaultValue={defaultValue}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
      />
    </>
  );
}
