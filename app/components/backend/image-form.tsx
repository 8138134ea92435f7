import { Form, useNavigation } from "@remix-run/react";
import { useRef, useState, type DragEvent, type MouseEvent, type ReactNode } from "react";
import { IMAGE_ACCEPT } from "#app/domain/image-files";
import { deMedia } from "#app/i18n/de-media";
import { Button, Notice, TextInput } from "#app/components/ui";
import { useHydrated } from "#app/components/use-hydrated";

const texts = deMedia.images;

export interface ImageFormReply {
  errors: Record<string, string>;
  message: string;
  values: { alt: string; focalX: string; focalY: string };
}

/** One coordinate of the focal point, in per cent of the picture's width or height. */
function FocalNumber({
  onChange,
  ...props
}: {
  id: string;
  name: string;
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      {...props}
      type="number"
      inputMode="numeric"
      min={0}
      max={100}
      step={1}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/**
 * The upload and edit form of an image (decision 038): a plain multipart form with a file field,
 * the alt text and the focal point as two numbers (0–100), so it works without JavaScript. With
 * JavaScript a file can be dropped on the form (it lands in the same file field) and a click on
 * the picture sets the focal point.
 */
export function ImageForm({
  id,
  reply,
  defaults,
  preview,
  isNew,
  version,
  children,
}: {
  id: string;
  reply: ImageFormReply | undefined;
  defaults: { alt: string; focalX: number; focalY: number };
  /** The stored picture (edit) to click for the focal point. */
  preview?: { src: string; width: number; height: number };
  isNew: boolean;
  version?: number;
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [focal, setFocal] = useState({
    x: reply?.values.focalX || String(defaults.focalX),
    y: reply?.values.focalY || String(defaults.focalY),
  });
  const errors = reply?.errors ?? {};
  const shown = localPreview ?? preview?.src ?? null;

  const takeFiles = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setLocalPreview((old) => {
      if (old) URL.revokeObjectURL(old);
      return URL.createObjectURL(file);
    });
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!fileInput.current || event.dataTransfer.files.length === 0) return;
    fileInput.current.files = event.dataTransfer.files;
    takeFiles(event.dataTransfer.files);
  };
  const onPick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // A keyboard "click" has no position: it keeps the point.
    if (event.clientX === 0 && event.clientY === 0) return;
    const x = Math.round(((event.clientX - box.left) / box.width) * 100);
    const y = Math.round(((event.clientY - box.top) / box.height) * 100);
    setFocal({
      x: String(Math.min(100, Math.max(0, x))),
      y: String(Math.min(100, Math.max(0, y))),
    });
  };
  const fx = Number(focal.x);
  const fy = Number(focal.y);

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      id={id}
      className="image-form"
      noValidate={false}
    >
      {reply?.message ? <Notice tone="error">{reply.message}</Notice> : null}
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      {/* A drop target for the mouse only: the file field inside is the keyboard's way. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        className={`image-drop${dragging ? " image-drop-active" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop"
      >
        <div className="ui-field">
          <label htmlFor={`${id}-datei`}>{isNew ? texts.file : texts.replaceFile}</label>
          <span id={`${id}-datei-hilfe`} className="ui-field-help">
            {isNew ? texts.fileHelp : `${texts.replaceHelp} ${texts.fileHelp}`}
          </span>
          <input
            ref={fileInput}
            type="file"
            id={`${id}-datei`}
            name="file"
            accept={IMAGE_ACCEPT}
            required={isNew}
            aria-describedby={`${id}-datei-hilfe${errors.file ? ` ${id}-datei-fehler` : ""}`}
            aria-invalid={errors.file ? true : undefined}
            onChange={(event) => takeFiles(event.currentTarget.files)}
          />
          <p id={`${id}-datei-fehler`} className="ui-field-error">
            {errors.file}
          </p>
        </div>
        {/* Dropping anywhere on the box needs the script; without it the field alone takes files. */}
        {hydrated ? (
          <p className="image-drop-hint" aria-hidden="true">
            {texts.dropHint}
          </p>
        ) : null}
      </div>
      {shown ? (
        <div className="image-focal">
          {hydrated ? (
            <Button
              variant="plain"
              type="button"
              className="image-focal-picker"
              onClick={onPick}
              aria-label={texts.focalPick}
            >
              <FocalPicture src={shown} preview={preview} x={fx} y={fy} />
            </Button>
          ) : (
            <div className="image-focal-picker">
              <FocalPicture src={shown} preview={preview} x={fx} y={fy} />
            </div>
          )}
        </div>
      ) : null}
      <TextInput
        id={`${id}-alt`}
        name="alt"
        label={texts.alt}
        help={texts.altHelp}
        error={errors.alt}
        required
        maxLength={200}
        defaultValue={reply?.values.alt ?? defaults.alt}
      />
      <fieldset className="image-focal-fields">
        <legend>{texts.focal}</legend>
        <p className="ui-field-help">{texts.focalHelp}</p>
        <div className="image-focal-numbers">
          <FocalNumber
            id={`${id}-focal-x`}
            name="focalX"
            label={texts.focalX}
            error={errors.focalX}
            value={focal.x}
            onChange={(x) => setFocal((old) => ({ ...old, x }))}
          />
          <FocalNumber
            id={`${id}-focal-y`}
            name="focalY"
            label={texts.focalY}
            error={errors.focalY}
            value={focal.y}
            onChange={(y) => setFocal((old) => ({ ...old, y }))}
          />
        </div>
      </fieldset>
      {errors.version ? <Notice tone="error">{errors.version}</Notice> : null}
      <div className="image-form-actions">
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {isNew ? texts.upload : texts.save}
        </Button>
        {children}
      </div>
    </Form>
  );
}

function FocalPicture({
  src,
  preview,
  x,
  y,
}: {
  src: string;
  preview?: { width: number; height: number };
  x: number;
  y: number;
}) {
  return (
    <>
      <img
        src={src}
        alt=""
        width={preview?.width}
        height={preview?.height}
        className="image-focal-picture"
      />
      {Number.isFinite(x) && Number.isFinite(y) ? (
        <span
          className="image-focal-marker"
          style={{ left: `${x}%`, top: `${y}%` }}
          aria-hidden="true"
        />
      ) : null}
    </>
  );
}
