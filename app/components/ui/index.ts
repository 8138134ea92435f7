/**
 * The design system's primitives for the whole shop (decisions 031, 087): the back office's look
 * (`ui-*`, app/styles/ui.css) and the storefront's (`button`, `notice`, `field-error`) are
 * variants of the same components. Colours, spacing and radii are tokens (app/styles/tokens.css).
 */
export { Badge, ORDER_STATE_TONES, OrderStateBadge, type BadgeTone } from "./badge";
export { Button, ButtonLink, buttonClass, type ButtonVariant } from "./button";
export { Checkbox, Radio } from "./choice";
export { CONFIRM_PARAM, ConfirmAction } from "./confirm-action";
export { DataTable, Table, sortHref, type Column, type SortState } from "./data-table";
export { UrlDialog, withParam } from "./dialog";
export {
  Field,
  FieldError,
  Select,
  SelectControl,
  TextArea,
  TextInput,
  type ControlProps,
  type FieldLook,
  type SelectOption,
} from "./field";
export { FilterBar } from "./filter-bar";
export { Notice } from "./notice";
export { Pagination, pageHref } from "./pagination";
export { Tabs, type TabItem } from "./tabs";
